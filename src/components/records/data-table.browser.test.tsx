import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { zhHkRenderer } from '../testing/render.tsx';
import zhComponents from '../../../locales/zh-HK/components.json';
import zhRecord from '../../../locales/zh-HK/record.json';
import { DataTable, type DataColumn } from './index.ts';

// The client-side list table in Chromium: markup, empty state, sorting, paging and virtualised rows.

interface Row {
  id: string;
  asset: string;
  amount: number;
}

const { render, unmount } = zhHkRenderer({ components: zhComponents, record: zhRecord });

const rowsOf = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, asset: `A${String(i).padStart(3, '0')}`, amount: (i * 7) % n }));
const columns: DataColumn<Row>[] = [
  { id: 'asset', header: 'asset', cell: (r) => r.asset, rowHeader: true },
  { id: 'amount', header: 'amount', cell: (r) => String(r.amount), numeric: true, sortValue: (r) => r.amount, cellProps: (r) => ({ 'data-testid': 'amount', 'data-value': r.amount }) },
];
const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) => (
  <DataTable<Row> rows={rowsOf(5)} columns={columns} rowKey={(r) => r.id} rowProps={(r) => ({ 'data-id': r.id })} testId="list" className="td-table" region={{ className: 'td-table-scroll', label: 'list' }} {...props} />
);
const bodyRows = () => [...document.querySelectorAll('[data-testid="list"] tbody tr:not(.td-data-spacer)')];

describe('DataTable', () => {
  it('renders a semantic table in a named, focusable region, with row headers and figure cells', async () => {
    await render(table({ caption: 'cap' }));
    const region = document.querySelector('[role="region"]');
    expect(region?.getAttribute('aria-label')).toBe('list');
    expect(region?.getAttribute('tabindex')).toBe('0');
    expect(document.querySelector('caption')?.textContent).toBe('cap');
    expect([...document.querySelectorAll('thead th')].map((th) => th.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(document.querySelector('thead th.td-num')?.textContent).toContain('amount');
    expect(bodyRows()).toHaveLength(5);
    expect(document.querySelector('tbody tr')?.getAttribute('data-id')).toBe('r0');
    expect(document.querySelector('tbody tr th[scope="row"]')?.textContent).toBe('A000');
    expect(document.querySelector('[data-testid="amount"]')?.className).toBe('td-num');
  });

  it('shows the shared empty state, the page own one, or the headers alone for an empty list', async () => {
    await render(table({ rows: [] }));
    expect(document.querySelector('table')).toBeNull();
    expect(document.querySelector('.td-empty[role="status"]')).not.toBeNull();
    await unmount?.();
    await render(table({ rows: [], empty: <p data-testid="own-empty">none</p> }));
    expect(document.querySelector('[data-testid="own-empty"]')).not.toBeNull();
    await unmount?.();
    await render(table({ rows: [], headersWhenEmpty: true, footer: <tr data-testid="sum"><td>sum</td></tr> }));
    expect(document.querySelectorAll('thead th')).toHaveLength(2);
    expect(document.querySelector('[data-testid="sum"]')).not.toBeNull();
  });

  it('sorts a sortable column through the shared sort control (none, descending, ascending)', async () => {
    await render(table());
    const th = document.querySelectorAll('thead th')[1] as HTMLElement;
    expect(th.getAttribute('aria-sort')).toBe('none');
    const amounts = () => [...document.querySelectorAll('[data-testid="amount"]')].map((td) => Number(td.getAttribute('data-value')));
    const given = amounts();
    await userEvent.click(th.querySelector('button') as HTMLElement);
    expect(th.getAttribute('aria-sort')).toBe('descending');
    expect(amounts()).toEqual([...given].sort((a, b) => b - a));
    await userEvent.click(th.querySelector('button') as HTMLElement);
    expect(amounts()).toEqual([...given].sort((a, b) => a - b));
    await userEvent.click(th.querySelector('button') as HTMLElement);
    expect(amounts()).toEqual(given);
  });

  it('pages on the client', async () => {
    await render(table({ rows: rowsOf(25), pageSize: 10 }));
    expect(bodyRows()).toHaveLength(10);
    const next = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="data-table-pager"] button')][1] as HTMLButtonElement;
    await userEvent.click(next);
    await userEvent.click(next);
    expect(bodyRows()).toHaveLength(5);
    expect(next.disabled).toBe(true);
  });

  it('renders only the rows in view of a long list, with spacer rows keeping the scroll height', async () => {
    await render(table({ rows: rowsOf(1000), virtual: { rowHeight: 30, visibleRows: 10 } }));
    const shown = bodyRows().length;
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(40);
    const region = document.querySelector<HTMLElement>('[role="region"]') as HTMLElement;
    expect(region.scrollHeight).toBeGreaterThan(25_000);
    region.scrollTop = 500 * 30;
    await expect.poll(() => bodyRows().map((tr) => tr.getAttribute('data-id'))).toContain('r500');
  });
});
