import { postgresHarness } from '../store/helpers/stores.js';
import { describeDigests } from './digest-contract.js';

describeDigests('PostgreSQL store', () => postgresHarness());
