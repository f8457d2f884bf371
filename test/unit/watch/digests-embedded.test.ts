import { embeddedHarness } from '../store/helpers/stores.js';
import { describeDigests } from './digest-contract.js';

describeDigests('embedded store', embeddedHarness);
