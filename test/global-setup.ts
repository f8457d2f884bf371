/** Builds dist/ once before the suites: tests that spawn `bin/shipwatch.js` must run the code under test. */
// @ts-expect-error: a plain ESM script without type declarations.
import { buildDist } from '../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await buildDist();
}
