import { postgresHarness } from './helpers/stores.js';
import { describeWatchingContract } from './watching-contract.js';

describeWatchingContract('PostgreSQL (a schema of its own on the test server)', () => postgresHarness());
