import { embeddedHarness } from './helpers/stores.js';
import { describeWatchingContract } from './watching-contract.js';

describeWatchingContract('embedded (libsql on a temporary folder)', embeddedHarness);
