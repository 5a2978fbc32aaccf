import type { ReactNode } from 'react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { mount, type Rendered } from '../../components/testing/render.tsx';
import { configureApi } from '../../lib/api/index.ts';
import zhRecord from '../../../locales/zh-HK/record.json';
import enRecord from '../../../locales/en-US/record.json';
import zhWallet from '../../../locales/zh-HK/wallet.json';
import enWallet from '../../../locales/en-US/wallet.json';
import zhComponents from '../../../locales/zh-HK/components.json';
import enComponents from '../../../locales/en-US/components.json';
import zhErrors from '../../../locales/zh-HK/errors.json';
import enErrors from '../../../locales/en-US/errors.json';
import zhCommon from '../../../locales/zh-HK/common.json';
import enCommon from '../../../locales/en-US/common.json';
import CoinRecordPage from './CoinRecordPage.tsx';
import { FiatWithdrawRecordPage } from './FiatRecordPage.tsx';

// The record pages show each record's id (W1, D3, FW2: the ids their messages quote) in a column of its own, and
// the search by id asks the server for that one record (tests/wallet/record-search.test.ts holds the server side).

type Query = { recordId?: string; type?: string };
type Body = { queryCondition?: Query };

const coinRows = ['D3', 'W2', 'W1'].map((recordId, i) => ({
  recordId,
  type: recordId.startsWith('D') ? 'deposit' : 'withdraw',
  asset: 'USDT',
  network: 'TRC20',
  address: 'TXYZabcdefghijklmnopqrstu1234567',
  memo: null,
  amount: '100.5',
  fee: '1',
  status: recordId.startsWith('D') ? 'deposit_complete' : 'withdraw_complete',
  txHash: `0x${String(i).repeat(40)}`,
  confirmations: 20,
  confirmationsRequired: 20,
  createdAt: `2026-11-2${i}T09:30:00Z`,
  completedAt: `2026-11-2${i}T09:40:00Z`,
}));

const fiatRows = ['FW2', 'FW1'].map((recordId, i) => ({
  recordId,
  type: 'withdraw',
  asset: 'USD',
  amount: '2500',
  fee: '10',
  status: 'complete',
  reference: null,
  bankReference: null,
  beneficiary: 'Harbour Capital Ltd',
  bankName: 'HSBC',
  accountNumber: '004-123456-001',
  createdAt: `2026-11-2${i}T09:30:00Z`,
  completedAt: null,
}));

/** The sandbox's record calls as the server answers them: one record when an id is asked for, else the list. */
function serveRecords(): Body[] {
  const asked: Body[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = (text ? JSON.parse(text) : {}) as Body;
    const page = (rows: Array<{ recordId: string }>) => {
      const id = body.queryCondition?.recordId;
      const list = id ? rows.filter((r) => r.recordId === id) : rows;
      return { list, total: list.length, pageNum: 1, pageSize: 10 };
    };
    const rows = path === '/account/block/pageBlockDepositWithdraw' ? coinRows : path === '/account/block/fiat/pageTransaction' ? fiatRows : null;
    if (rows) asked.push(body);
    const data = rows ? page(rows) : [];
    return new Response(JSON.stringify({ code: 200, msg: 'success', data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

async function i18n(lng: 'zh-HK' | 'en-US') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    defaultNS: 'record',
    resources: {
      'zh-HK': { record: zhRecord, wallet: zhWallet, components: zhComponents, errors: zhErrors, common: zhCommon },
      'en-US': { record: enRecord, wallet: enWallet, components: enComponents, errors: enErrors, common: enCommon },
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

let view: Rendered | undefined;
beforeAll(() => configureApi({ getToken: () => 'tok-test-0123456789abcdef', notify: () => {} }));
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
});

async function open(element: ReactNode, url: string, lng: 'zh-HK' | 'en-US') {
  const router = createMemoryRouter([{ path: '/:lang/record/*', element }], { initialEntries: [url] });
  view = await mount(<RouterProvider router={router} />, await i18n(lng));
}

const ids = () => [...document.querySelectorAll('[data-testid="record-id"]')].map((cell) => cell.textContent);
const search = () => document.querySelector<HTMLInputElement>('[data-testid="filter-recordId"]')!;
const hint = () => document.querySelector('[data-testid="filter-recordId-hint"]');

describe('record ids and the search by id', () => {
  it('coin records: the id column, a search by id (either case) shows that one record, an empty box the list again', async () => {
    const asked = serveRecords();
    await open(<CoinRecordPage />, '/en-US/record/coin', 'en-US');
    await expect.poll(ids).toEqual(['D3', 'W2', 'W1']);
    expect(document.querySelector('th')?.textContent).toBe(enRecord.columns.recordId);
    expect(search().placeholder).toBe('W1');

    await userEvent.fill(search(), ' w1 ');
    await expect.poll(ids).toEqual(['W1']);
    expect(asked.at(-1)?.queryCondition?.recordId).toBe('W1');

    await userEvent.clear(search());
    await expect.poll(ids).toEqual(['D3', 'W2', 'W1']);
    expect(asked.at(-1)?.queryCondition?.recordId).toBeUndefined();
  });

  it('an id of the wrong form is not sent, and the hint beside the box says what the form is', async () => {
    const asked = serveRecords();
    await open(<CoinRecordPage />, '/zh-HK/record/coin', 'zh-HK');
    await expect.poll(ids).toEqual(['D3', 'W2', 'W1']);
    const before = asked.length;
    await userEvent.fill(search(), 'FW2');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => hint()?.textContent).toBe(zhRecord.filters.recordIdInvalid.replace('{{example}}', 'W1'));
    expect(hint()?.getAttribute('role')).toBe('alert');
    expect(search().getAttribute('aria-invalid')).toBe('true');
    expect(asked.slice(before).map((b) => b.queryCondition?.recordId)).not.toContain('FW2');
    expect(ids()).toEqual(['D3', 'W2', 'W1']);
  });

  it('fiat withdrawals: FW ids, and the search asks for one withdrawal by its id', async () => {
    const asked = serveRecords();
    await open(<FiatWithdrawRecordPage />, '/zh-HK/record/fiat/withdraw', 'zh-HK');
    await expect.poll(ids).toEqual(['FW2', 'FW1']);
    expect(search().placeholder).toBe('FW2');
    await userEvent.fill(search(), 'fw1');
    await expect.poll(ids).toEqual(['FW1']);
    expect(asked.at(-1)?.queryCondition).toMatchObject({ type: 'withdraw', recordId: 'FW1' });
  });
});
