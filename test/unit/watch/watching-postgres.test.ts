import { postgresHarness } from '../store/helpers/stores.js';
import { describeWatching } from './watching-contract.js';

describeWatching('PostgreSQL store', () => postgresHarness());
