import { postgresHarness } from './helpers/stores.js';
import { describeTenantContract } from './tenants-contract.js';

describeTenantContract('PostgreSQL (a schema of its own on the test server)', () => postgresHarness());
