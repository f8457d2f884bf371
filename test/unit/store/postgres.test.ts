import { describeStoreContract } from './contract.js';
import { postgresHarness } from './helpers/stores.js';

describeStoreContract('PostgreSQL (a schema of its own on the test server)', () => postgresHarness());
