import type { Ref } from 'react';
import { writeText } from './TextColumn.tsx';

/**
 * A painted list's rows as a table for assistive technology (the order book's sides, recent trades): the canvas and
 * the text columns show the lines, which a screen reader would read column by column; this reads them row by row,
 * a header row first (WCAG 1.3.1). It is visually hidden and contained (trading.css `.td-rows-table`: a 1 px box,
 * contain: strict), so it adds no layout to the page; React renders its rows when the list renders, and between
 * renders `writeRows` sets the cells' text only when the list writes its document copy (at most once every COPY_MS,
 * row-painter.ts), never per tick.
 */
export function RowsTable({ label, headers, rows, ref, testId }: { label: string; headers: readonly string[]; rows: readonly (readonly string[])[]; ref?: Ref<HTMLDivElement>; testId: string }) {
  return (
    <div ref={ref} className="td-rows-table" role="table" aria-label={label} aria-rowcount={rows.length + 1} data-testid={testId}>
      <div role="row">
        {headers.map((header) => (
          <span key={header} role="columnheader">
            {header}
          </span>
        ))}
      </div>
      {rows.map((cells, i) => (
        <div key={i} role="row">
          {cells.map((cell, j) => (
            <span key={j} role="cell">
              {cell}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * Writes the rows' cells between renders (the same rows the last render laid out): each cell's one text node. Rows
 * the table does not have (the list renders them when their number changes) are left to that render.
 */
export function writeRows(table: HTMLDivElement | null, rows: readonly (readonly string[])[]): void {
  if (!table) return;
  const rendered = table.children;
  for (let i = 0; i < rows.length && i + 1 < rendered.length; i++) {
    const row = rendered[i + 1] as HTMLElement;
    const cells = rows[i] as readonly string[];
    for (let j = 0; j < cells.length && j < row.children.length; j++) writeText(row.children[j] as HTMLElement, cells[j] as string);
  }
}

/** Row-major cells from column-major lines (the lists keep a line array per column). */
export function rowsOf(columns: readonly (readonly string[])[]): string[][] {
  const count = columns[0]?.length ?? 0;
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) rows.push(columns.map((column) => column[i] ?? ''));
  return rows;
}
