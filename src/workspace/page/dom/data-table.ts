/**
 * What Slack's client does with a `data_table` in place, on the page: a column header sorts by that column (again:
 * the other way), the filter box keeps the rows containing what is typed, and the pager shows `page_size` rows at a
 * time. The rows are all in the HTML (render/blocks.ts); this only shows and orders them.
 */
export function layOutTables(root: ParentNode): void {
  for (const table of root.querySelectorAll<HTMLElement>('.bk-table')) layOut(table);
}

function layOut(table: HTMLElement): void {
  const size = Number(table.dataset.pageSize) || 5;
  const filter =
    table.querySelector<HTMLInputElement>('[data-table-filter]')?.value.trim().toLowerCase() ?? '';
  const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody tr')];
  const shown = rows.filter((row) => filter === '' || (row.textContent ?? '').toLowerCase().includes(filter));
  const pages = Math.max(1, Math.ceil(shown.length / size));
  const page = Math.min(Math.max(0, Number(table.dataset.page) || 0), pages - 1);
  table.dataset.page = String(page);
  for (const row of rows) row.hidden = true;
  for (const row of shown.slice(page * size, (page + 1) * size)) row.hidden = false;
  const label = table.querySelector<HTMLElement>('.bk-table__page');
  if (label) label.textContent = `${page + 1} / ${pages}`;
}

function sortBy(table: HTMLElement, column: number): void {
  const body = table.querySelector('tbody');
  if (!body) return;
  const descending = table.dataset.sortCol === String(column) && table.dataset.sortDir !== 'desc';
  table.dataset.sortCol = String(column);
  table.dataset.sortDir = descending ? 'desc' : 'asc';
  const key = (row: HTMLTableRowElement) => row.cells[column]?.dataset.key ?? '';
  const rows = [...body.querySelectorAll<HTMLTableRowElement>('tr')].sort((a, b) => {
    const order = key(a).localeCompare(key(b), undefined, { numeric: true });
    return descending ? -order : order;
  });
  body.replaceChildren(...rows);
  table.dataset.page = '0';
  layOut(table);
}

export function installDataTables(): void {
  document.addEventListener('click', (event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    const table = target?.closest<HTMLElement>('.bk-table');
    if (!target || !table) return;
    const sort = target.closest<HTMLElement>('[data-sort-col]');
    if (sort) return sortBy(table, Number(sort.dataset.sortCol));
    const step = target.closest<HTMLElement>('[data-table-page]');
    if (step) {
      table.dataset.page = String((Number(table.dataset.page) || 0) + Number(step.dataset.tablePage));
      layOut(table);
    }
  });
  document.addEventListener('input', (event) => {
    const input = event.target instanceof HTMLInputElement ? event.target : null;
    const table = input?.matches('[data-table-filter]') ? input.closest<HTMLElement>('.bk-table') : null;
    if (!table) return;
    table.dataset.page = '0';
    layOut(table);
  });
}
