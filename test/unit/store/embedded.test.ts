import { describeStoreContract } from './contract.js';
import { embeddedHarness } from './helpers/stores.js';

describeStoreContract('embedded (libsql on a temporary folder)', embeddedHarness);
