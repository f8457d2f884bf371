/** Plain-text tables for the terminal: numbers right-aligned, text left-aligned, one space of padding. */

export type Cell = string | number | null;

export function formatCell(value: Cell): string {
  if (value === null) return '-';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '-';
    if (Number.isInteger(value)) return String(value);
    return Math.abs(value) >= 100
      ? value.toFixed(0)
      : Math.abs(value) >= 10
        ? value.toFixed(1)
        : value.toFixed(2);
  }
  return value;
}

export function formatTable(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map(formatCell));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...text.map((row) => (row[column] ?? '').length)),
  );
  const numeric = headers.map((_, column) => rows.every((row) => typeof row[column] !== 'string'));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return numeric[column] ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(headers), rule, ...text.map(line)].join('\n');
}
