/**
 * ISO 6346 container numbers: 3-letter owner code, 1-letter category (U, J or Z), 6-digit serial, 1 check digit.
 * The check digit lets the bot say "this looks like a typo" before spending an API call on it.
 */

const PREFIX_SHAPE = /^[A-Z]{3}[UJZ]\d{6}/;
const FULL_SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;

/** Letter values skip multiples of 11 (A=10, B=12 … K=21, L=23 … U=32, V=34 … Z=38). */
function letterValue(code: number): number {
  const base = code - 65 + 10;
  return base + Math.floor((base - 1) / 10);
}

/** The check digit for the first 10 characters of `n`, or null when they are not an ISO 6346 prefix. */
export function containerCheckDigit(n: string): number | null {
  if (!PREFIX_SHAPE.test(n)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const code = n.charCodeAt(i);
    const value = i < 4 ? letterValue(code) : code - 48;
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** True when `n` is an 11-character ISO 6346 number whose last digit matches its check digit. */
export function isValidContainerNumber(n: string): boolean {
  if (!FULL_SHAPE.test(n)) return false;
  return containerCheckDigit(n) === n.charCodeAt(10) - 48;
}
