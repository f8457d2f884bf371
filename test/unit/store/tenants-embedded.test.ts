import { embeddedHarness } from './helpers/stores.js';
import { describeTenantContract } from './tenants-contract.js';

describeTenantContract('embedded (libsql on a temporary folder)', embeddedHarness);
