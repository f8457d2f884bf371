/**
 * ISO 6346 container numbers: owner code (3 letters) + category (U/J/Z) + 6-digit serial + check digit. Letters count
 * 10..38 skipping multiples of 11; each of the first ten characters is weighted 2^position; the check digit is the
 * sum mod 11 mod 10. The simulator keeps its own copy so it never depends on the client it is testing.
 */

const LETTER_VALUES: ReadonlyMap<string, number> = (() => {
  const values = new Map<string, number>();
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value += 1;
    values.set(letter, value);
    value += 1;
  }
  return values;
})();

/** The raw mod-11 remainder of the first ten characters, or null when they are not `AAAU999999`-shaped. */
function checkRemainder(firstTen: string): number | null {
  if (!/^[A-Z]{3}[UJZ]\d{6}$/.test(firstTen)) return null;
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const char = firstTen.charAt(index);
    const value = /\d/.test(char) ? Number(char) : (LETTER_VALUES.get(char) ?? 0);
    sum += value * 2 ** index;
  }
  return sum % 11;
}

/** The check digit for the first ten characters, or null when they are malformed. */
export function containerCheckDigit(firstTen: string): number | null {
  const remainder = checkRemainder(firstTen);
  return remainder === null ? null : remainder % 10;
}

export function isValidContainerNumber(number: string): boolean {
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(number)) return false;
  return containerCheckDigit(number.slice(0, 10)) === Number(number.charAt(10));
}

/**
 * A full container number for `owner` (4 letters) starting at `serial`. Serials whose remainder is 10 are skipped:
 * ISO 6346 advises against issuing them because their check digit (0) is ambiguous.
 */
export function containerNumber(owner: string, serial: number): string {
  for (let candidate = serial; candidate < serial + 20; candidate += 1) {
    const firstTen = `${owner}${String(candidate % 1_000_000).padStart(6, '0')}`;
    const remainder = checkRemainder(firstTen);
    if (remainder === null) throw new Error(`not a container owner code: ${owner}`);
    if (remainder !== 10) return `${firstTen}${remainder}`;
  }
  throw new Error('unreachable: a remainder of 10 never repeats 20 times');
}

/** IMO ship numbers: 6 digits weighted 7..2, the sum's last digit is the 7th. */
export function imoNumber(firstSix: string): string {
  const digits = [...firstSix].map(Number);
  const sum = digits.reduce((total, digit, index) => total + digit * (7 - index), 0);
  return `${firstSix}${sum % 10}`;
}
