import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { actAsync } from '../../components/testing/act-environment.ts';
import enChart from '../../../locales/en-US/datachart.json';
import type { DataChart as DataChartType } from './DataChart.tsx';

// The public data chart in Chromium against a stubbed provider: the share code goes out without a token, the
// range goes with it, the reply's series is drawn, an unknown or malformed code is "not found".

// The page's chunk adds its namespace to the app's i18next when it loads (src/lib/i18n addNamespace): start that
// instance first, as the app does before any page.
let DataChart: typeof DataChartType;
beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: {} });
  ({ DataChart } = await import('./DataChart.tsx'));
});

let unmount: (() => Promise<void>) | null = null;
afterEach(async () => {
  await unmount?.();
  unmount = null;
  vi.restoreAllMocks();
});

const CODE = 'abcdEFGH1234_-xy';
const list = Array.from({ length: 31 }, (_, i) => ({
  day: `2026-10-${String(i + 1).padStart(2, '0')}`,
  nav: (1 + i / 1000).toFixed(8),
  dailyReturn: i === 0 ? null : '0.001',
  cumulativeReturn: (i / 1000).toFixed(10),
  retreatRate: '0',
}));
const reply = {
  name: 'Harbour Fund',
  status: 'in_progress',
  startDay: '2026-01-01',
  endDay: '2027-12-31',
  range: { from: '2026-10-01', to: '2026-10-31', days: 30 },
  refreshedAt: '2026-10-30T16:00:00.000Z',
  list,
  timeWeighted: '0.03',
  timeWeightedAnnualised: '0.42',
  maxDrawdown: { rate: '0.0123', peakDay: null, troughDay: null, recoveryDay: null },
};

async function render(path: string, phone = false): Promise<void> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en-US', defaultNS: 'datachart', resources: { 'en-US': { datachart: enChart } }, interpolation: { escapeValue: false } });
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await actAsync(async () =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <DataChart phone={phone} />
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );
  unmount = async () => {
    await actAsync(async () => root.unmount());
    container.remove();
  };
}

const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const envelope = (code: number, data: unknown, status = 200) => new Response(JSON.stringify({ code, msg: code === 200 ? 'success' : 'Resource does not exist', data }), { status, headers: { 'content-type': 'application/json' } });

describe('DataChart', () => {
  it('asks for the share code without a token and draws the reply', async () => {
    const bodies: unknown[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
      const request = input as Request;
      expect(request.headers.get('authorization')).toBeNull();
      bodies.push(await request.clone().json());
      return envelope(200, reply);
    });
    await render(`/en-US/dataChart?code=${CODE}`);
    await expect.poll(() => q('performance-chart')?.dataset['points']).toBe('31');
    expect(q('datachart-name')!.textContent).toBe('Harbour Fund');
    expect(q('datachart-status')!.textContent).toBe('In progress');
    expect(q('datachart-twr')!.textContent).toBe('+3.00%');
    expect(q('datachart-max-drawdown')!.textContent).toBe('1.23%');
    expect(q('datachart-nav')!.textContent).toBe(list[30]!.nav);
    expect(bodies[0]).toEqual({ shareCode: CODE, days: 30 });

    await userEvent.click(q('range-7')!);
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1]).toEqual({ shareCode: CODE, days: 7 });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('names the days the return runs over: the first record, not a range start before the project', async () => {
    const young = { ...reply, startDay: '2026-10-20', range: { from: '2026-10-01', to: '2026-10-31', days: 30 }, list: list.slice(19) };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => envelope(200, young));
    await render(`/en-US/dataChart?code=${CODE}`);
    await expect.poll(() => q('datachart-twr')?.textContent).toBe('+3.00%');
    const label = q('datachart-twr')!.previousElementSibling!.textContent!;
    expect(label).toContain('2026-10-20');
    expect(label).toContain('2026-10-31');
    expect(label).not.toContain('2026-10-01');
  });

  it('shows "not found" for an unknown code (404) and for a malformed one without asking', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => envelope(404, null, 404));
    await render(`/en-US/h5/dataChart?code=${CODE}`, true);
    await expect.poll(() => q('datachart-not-found')).not.toBeNull();
    expect(document.querySelector('h1')!.textContent).toBe(enChart.page.notFoundTitle);
    expect(spy).toHaveBeenCalledTimes(1);
    await unmount!();
    unmount = null;

    await render('/en-US/h5/dataChart?code=short', true);
    expect(q('datachart-not-found')).not.toBeNull();
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
