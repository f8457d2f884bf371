/**
 * The tests' door to the one Block Kit validator (src/workspace/web-api/block-kit-check.ts): every limit Shipwatch
 * holds its surfaces to, each violation with its exact path, e.g. `blocks[3].accessory.options[1].text.text: 80 chars
 * > 75`, and an assertion that fails with all of them listed.
 */
import { expect } from 'vitest';
import { findBlockKitViolations } from '../../src/workspace/web-api/block-kit-check.js';

export {
  type BlockKitViolation,
  findBlockKitViolations,
} from '../../src/workspace/web-api/block-kit-check.js';

/** Throws an Error listing every violated limit, each with its path; passes (as an assertion) when within limits. */
export function assertWithinBlockKitLimits(surface: unknown): void {
  const violations = findBlockKitViolations(surface);
  if (violations.length > 0) {
    const lines = violations.map((violation) => `  ${violation.path}: ${violation.problem}`);
    throw new Error(`Block Kit limits violated (${violations.length}):\n${lines.join('\n')}`);
  }
  // Counted as the calling test's assertion (a test whose only check is this call still asserts something).
  expect(violations).toEqual([]);
}
