/**
 * A list handed on as CSV (docs/home.md, "Download CSV"): the rows with the columns Home and `/shipwatch watching`
 * show, one per line, quoted as RFC 4180 says. A cell that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`
 * first) is prefixed with `'`, so a value from the API can never run in someone's spreadsheet.
 */
import type { HomeRow } from './home-rows.js';

export const CSV_COLUMNS = [
  'Container',
  'Status',
  'LFD',
  'ETA',
  'Terminal',
  'Customer',
  'Shipment',
  'Channel',
  'Owner',
] as const;

export interface CsvNames {
  /** A channel's name for its id (default: the id). */
  channel?(channelId: string): string;
  /** An owner's name for their Slack user id (default: the id): the file is read outside Slack. */
  owner?(userId: string): string;
}

export function homeRowsCsv(rows: readonly HomeRow[], names: CsvNames = {}): string {
  const channelName = names.channel ?? ((id: string) => id);
  const ownerName = names.owner ?? ((id: string) => id);
  const lines = [CSV_COLUMNS.map(cell).join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.container ?? '',
        row.status,
        row.lfd ?? '',
        row.eta ?? '',
        row.terminal ?? '',
        row.customer ?? '',
        row.shipmentNumber,
        channelName(row.channelId),
        row.owner === null ? '' : ownerName(row.owner),
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
