import { Column } from 'primereact/column';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { zhHkRenderer } from '../testing/render.tsx';
import zhBroker from '../../../locales/zh-HK/broker.json';
import zhComponents from '../../../locales/zh-HK/components.json';
import zhErrors from '../../../locales/zh-HK/errors.json';
import zhRecord from '../../../locales/zh-HK/record.json';
import zhWallet from '../../../locales/zh-HK/wallet.json';
import { configureApi } from '../../lib/api/index.ts';
import { RANGE_DAYS } from '../../../contract/broker-performance.ts';
import { EmptyState } from '../index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { failureText } from '../form/failure.ts';
import { ExportButton, FilterBar, PageSizeSelect, RecordTable, TimeRangeFilter, useRecordQuery, type Paging, type TimeRange } from './index.ts';

// The records kit in Chromium as a broker list composes it, in zh-HK (the broker manager's only language, spec §1).

interface Row {
  id: string;
  asset: string;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const saved: string[] = [];
beforeAll(() => configureApi({ getToken: () => 'tok-test-0123456789abcdef', notify: () => {}, saveFile: (_blob, name) => saved.push(name) }));

const { render } = zhHkRenderer({ broker: zhBroker, components: zhComponents, record: zhRecord, wallet: zhWallet, errors: zhErrors }, 'broker');

const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);

/** A broker list as a page composes it: filters and paging in, the server's page out (here a fake of `total` rows). */
function List({ total, seen }: { total: number; seen: Array<{ filters: TimeRange; paging: Paging }> }) {
  const { filters, setRange, paging, setPaging, onPage } = useRecordQuery<TimeRange>({ days: 30 });
  const page = useLoad(async () => {
    seen.push({ filters, paging });
    const from = (paging.pageNum - 1) * paging.pageSize;
    const list = Array.from({ length: Math.max(0, Math.min(paging.pageSize, total - from)) }, (_, i) => ({ id: String(from + i + 1), asset: 'USDT' }));
    return { list, total };
  }, [filters, paging]);
  return (
    <>
      <FilterBar actions={<ExportButton path="/broker/account/bill/export" fields={{ ...filters, brokerAccountId: '7' }} fileName="出入金記錄.xlsx" />}>
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<Row> label="list" dataKey="id" page={page} paging={paging} onPage={onPage} exportError={null} describeFailure={failureText} empty={<EmptyState />}>
        <Column header="id" body={(row: Row) => <span data-testid="row">{row.id}</span>} />
      </RecordTable>
    </>
  );
}

describe('records kit', () => {
  it('offers the spec §9 time ranges and a custom range; a change asks again from page 1', async () => {
    const seen: Array<{ filters: TimeRange; paging: Paging }> = [];
    await render(<List total={35} seen={seen} />);
    const days = q<HTMLSelectElement>('filter-days')!;
    expect([...days.options].map((o) => o.value)).toEqual([...RANGE_DAYS.map(String), 'custom']);
    expect([...days.options].map((o) => o.textContent)).toContain('最近 90 日');
    expect(days.value).toBe('30');
    await expect.poll(() => document.querySelectorAll('[data-testid="row"]').length).toBe(10);

    await userEvent.click(document.querySelector<HTMLElement>('.p-paginator-next')!);
    await expect.poll(() => seen.at(-1)?.paging.pageNum).toBe(2);
    await userEvent.selectOptions(days, '90');
    await expect.poll(() => seen.at(-1)).toEqual({ filters: { days: 90 }, paging: { pageNum: 1, pageSize: 10 } });
    await userEvent.selectOptions(days, 'custom');
    await expect.poll(() => q('filter-range') !== null).toBe(true);
  });

  it('pages by 10 by default, with 10, 20, 50 or 100 rows a page (spec §9)', async () => {
    const seen: Array<{ filters: TimeRange; paging: Paging }> = [];
    await render(<List total={35} seen={seen} />);
    const size = q<HTMLSelectElement>('page-size')!;
    expect([...size.options].map((o) => o.value)).toEqual(['10', '20', '50', '100']);
    expect(size.value).toBe('10');
    await userEvent.selectOptions(size, '50');
    await expect.poll(() => document.querySelectorAll('[data-testid="row"]').length).toBe(35);
    expect(seen.at(-1)?.paging).toEqual({ pageNum: 1, pageSize: 50 });
  });

  it("shows the shared 'no data' block when there is nothing (暫無記錄)", async () => {
    await render(<List total={0} seen={[]} />);
    await expect.poll(() => document.querySelector('.td-record-table .td-empty')?.textContent).toBe('暫無記錄');
  });

  it('exports through the download helper: form-encoded fields and the Chinese file name', async () => {
    const bodies: Array<{ url: string; type: string | null; body: string }> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      bodies.push({ url: request.url, type: request.headers.get('content-type'), body: await request.text() });
      return new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
    });
    saved.length = 0;
    await render(<List total={3} seen={[]} />);
    await userEvent.click(q('broker-export')!);
    await expect.poll(() => saved).toEqual(['出入金記錄.xlsx']);
    expect(bodies[0]?.url).toMatch(/\/api\/broker\/account\/bill\/export$/);
    expect(bodies[0]?.type).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(bodies[0]!.body);
    expect(form.get('days')).toBe('30');
    expect(form.get('brokerAccountId')).toBe('7');
    expect(q('broker-export-error')).toBeNull();
  });

  it("shows the server's message beside the button when the reply is a JSON error body, and saves nothing", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 403, msg: 'No permission for this operation', data: null }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    saved.length = 0;
    await render(<List total={3} seen={[]} />);
    await userEvent.click(q('broker-export')!);
    await expect.poll(() => q('broker-export-error')?.textContent ?? '').toContain('匯出失敗');
    expect(q('broker-export-error')?.getAttribute('role')).toBe('alert');
    expect(saved).toEqual([]);
    expect(q<HTMLButtonElement>('broker-export')?.disabled).toBe(false);
  });
});
