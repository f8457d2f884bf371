import { embeddedHarness } from '../store/helpers/stores.js';
import { describeAlerts } from './alerts-contract.js';

describeAlerts('embedded store', embeddedHarness);
