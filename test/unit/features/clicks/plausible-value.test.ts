import { describe, expect, it } from 'vitest';
import { isPlausibleValue } from '../../../../src/features/clicks/plausible-value.js';

describe('isPlausibleValue', () => {
  it('accepts the ids, IMOs and set_field values Shipwatch puts on buttons', () => {
    for (const value of [
      '7f3c1e2a-5b8d-4c6e-9a1f-2d3b4c5e6f70',
      '9778791',
      'set_field:cont-1',
      'shipment-legacy-42',
    ]) {
      expect(isPlausibleValue(value)).toBe(true);
    }
  });

  it('refuses empty, oversized, control-character and broken-unicode values before they reach an API path', () => {
    for (const value of ['', 'x'.repeat(256), 'a\u0000b', '🙂'.slice(0, 1), `ok${'🙂'.slice(1)}`]) {
      expect(isPlausibleValue(value)).toBe(false);
    }
  });
});
