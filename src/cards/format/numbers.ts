/** Numbers for people: money, file sizes, coordinates. Formatters are built once (they are costly to create). */

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ISO_CURRENCY = /^[A-Z]{3}$/;

/** "USD 1,250.00", or "1,250.00" when the currency is unknown or not a plain ISO 4217 code. */
export function formatMoney(amount: number, currency: string | null): string {
  const code = isShownCurrency(currency) ? `${currency} ` : '';
  return `${code}${MONEY.format(amount)}`;
}

/** Whether `currency` is a plain ISO 4217 code, the only kind shown next to an amount. */
export function isShownCurrency(currency: string | null): currency is string {
  return currency !== null && ISO_CURRENCY.test(currency);
}

/** "820 B", "14.2 KB", "1.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "33.74°N", "118.26°W". */
export function formatLatitude(value: number): string {
  return `${Math.abs(value).toFixed(2)}°${value >= 0 ? 'N' : 'S'}`;
}

export function formatLongitude(value: number): string {
  return `${Math.abs(value).toFixed(2)}°${value >= 0 ? 'E' : 'W'}`;
}
