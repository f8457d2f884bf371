import { postgresHarness } from '../store/helpers/stores.js';
import { describeAlerts } from './alerts-contract.js';

describeAlerts('PostgreSQL store', () => postgresHarness());
