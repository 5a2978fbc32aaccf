import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enRecord from '../../locales/en-US/record.json' with { type: 'json' };
import enWallet from '../../locales/en-US/wallet.json' with { type: 'json' };
import zhRecord from '../../locales/zh-HK/record.json' with { type: 'json' };
import zhWallet from '../../locales/zh-HK/wallet.json' with { type: 'json' };
import { openDatabase } from '../../server/platform/db/client.ts';
import { EXPORT_BATCH } from '../../server/wallet/export-job.ts';
import { exportStats } from '../../server/wallet/export.ts';
import { amountCell, zonedFormatter } from '../../server/platform/xlsx.ts';
import { TestApi } from '../api/helpers.ts';

/**
 * spec §7 `account/bill/export`: the coin records as a streamed xlsx file, form-encoded like every download;
 * read back with exceljs: the header block names the filters and the time zone, amounts are numbers (text
 * when a double cannot hold them), ids and hashes are text, states are translated, times are in the zone.
 */
const BTC_BLOCK_MS = 600_000;

let api: TestApi;
let token = '';
const deposits: Array<{ recordId: string; txHash: string }> = [];

async function exportFile(fields: Record<string, string>, auth = token): Promise<Response> {
  return fetch(`${api.base}/account/bill/export`, {
    method: 'POST',
    headers: { source: 'web', 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

async function readSheet(response: Response): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook.worksheets[0]!;
}

const values = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

beforeAll(async () => {
  api = await TestApi.start();
  token = await api.token();
  const address = async (asset: string, network: string) =>
    (await api.call<{ address: string }>('POST', '/account/wallet/getDepositAddress', { token, body: { asset, network } })).data.address;
  const btc = await address('BTC', 'BTC');
  const eth = await address('USDT', 'ETH');
  for (const [to, asset, amount] of [
    [btc, 'BTC', '0.5'],
    [eth, 'USDT', '12.5'],
    [btc, 'BTC', '12345678.12345678'],
  ] as const) {
    const sent = await api.call<{ recordId: string; txHash: string }>('POST', '/_dev/chain/deposit', { body: { address: to, asset, amount } });
    expect(sent.code).toBe(200);
    deposits.push(sent.data);
    api.clock.advance(1_000);
  }
  api.clock.advance(2 * BTC_BLOCK_MS);
  // One more, still counting its confirmations.
  const pending = await api.call<{ recordId: string; txHash: string }>('POST', '/_dev/chain/deposit', { body: { address: btc, asset: 'BTC', amount: '0.25' } });
  deposits.push(pending.data);
}, 60_000);
afterAll(async () => api?.close());

describe('coin records export (spec §7 account/bill/export)', () => {
  it('streams an xlsx with the header block, typed cells and translated states, in zh-HK', async () => {
    const response = await exportFile({ lang: 'zh-HK', tz: 'Asia/Hong_Kong', days: '30' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toMatch(/^充提幣記錄-\d{8}\.xlsx$/);
    const sheet = await readSheet(response);
    const x = zhRecord.export;
    expect(values(sheet, 1)).toEqual([x.title]);
    expect(values(sheet, 2)[0]).toBe(`篩選：幣種 ${zhRecord.filters.all}；類型 ${zhRecord.filters.all}；狀態 ${zhRecord.filters.all}；最近 30 日`);
    expect(values(sheet, 3)[0]).toBe('時間以 Asia/Hong_Kong（UTC+8）顯示');
    expect(values(sheet, 6)[0]).toBe(x.columns.recordId);
    const rows = [7, 8, 9, 10].map((n) => values(sheet, n));
    // Newest first: the pending BTC deposit, the big BTC deposit, USDT, then the first BTC deposit.
    expect(rows.map((r) => r[0])).toEqual([deposits[3]!.recordId, deposits[2]!.recordId, deposits[1]!.recordId, deposits[0]!.recordId]);
    const [pending, big, usdt, small] = rows as [unknown[], unknown[], unknown[], unknown[]];
    expect(small[5]).toBe(0.5); // numeric cell
    expect(usdt[5]).toBe(12.5);
    expect(big[5]).toBe('12345678.12345678'); // 16 significant digits: kept exact as text
    expect(small[9]).toBe(deposits[0]!.txHash); // text, never a number
    expect(small[10]).toBe(zhWallet.status.deposit_complete);
    expect(usdt[10]).toBe(zhWallet.status.deposit_complete);
    expect(pending[10]).toBe(zhWallet.status.deposit_pending);
    expect(pending[11]).toBe(0);
    expect(small[2]).toBe(zhRecord.types.deposit);
    expect(String(small[1])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(sheet.rowCount).toBe(10);
  });

  it('honours the filters and writes times in the asked zone, in en-US', async () => {
    const utc = await readSheet(await exportFile({ lang: 'en-US', tz: 'UTC', asset: 'BTC', status: 'deposit_complete' }));
    const hk = await readSheet(await exportFile({ lang: 'en-US', tz: 'Asia/Hong_Kong', asset: 'BTC', status: 'deposit_complete' }));
    expect(values(utc, 2)[0]).toBe(`Filters: coin BTC; type ${enRecord.filters.all}; status ${enWallet.status.deposit_complete}; Last 30 days`);
    expect(values(utc, 3)[0]).toBe('Times in UTC (UTC)');
    expect(utc.rowCount).toBe(8);
    expect([7, 8].map((n) => values(utc, n)[0])).toEqual([deposits[2]!.recordId, deposits[0]!.recordId]);
    expect(values(utc, 7)[10]).toBe(enWallet.status.deposit_complete);
    const utcTime = String(values(utc, 8)[1]);
    const hkTime = String(values(hk, 8)[1]);
    expect(new Date(`${hkTime.replace(' ', 'T')}Z`).getTime() - new Date(`${utcTime.replace(' ', 'T')}Z`).getTime()).toBe(8 * 3_600_000);
  });

  it('refuses bad input and a missing session with the JSON envelope, never a file', async () => {
    for (const fields of [{ days: '8' }, { tz: 'Mars/Olympus' }, { lang: 'fr-FR' }, { status: 'approvalPending' }]) {
      const response = await exportFile(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(((await response.json()) as { code: number }).code).toBe(400);
    }
    const repeated = await fetch(`${api.base}/account/bill/export`, {
      method: 'POST',
      headers: { source: 'web', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      body: 'days=30&days=7',
    });
    expect(repeated.status).toBe(400);
    // A download posts a form (spec §7): the same fields as JSON are refused, not answered with a file.
    const json = await fetch(`${api.base}/account/bill/export`, {
      method: 'POST',
      headers: { source: 'web', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ days: '30' }),
    });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { code: number }).code).toBe(415);
    const anonymous = await exportFile({ days: '30' }, '');
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: number }).code).toBe(401);
  });

  it('writes every record exactly once, newest first, across batches and equal timestamps', async () => {
    const db = await openDatabase({ migrated: true });
    const big = await TestApi.start({ db });
    try {
      const rows = EXPORT_BATCH * 2 + 57;
      // Three records share each timestamp, so the keyset has ties to get right.
      await db.query(
        `insert into wallet_deposits (user_id, kind, asset, network, address, tx_hash, amount, status, confirmations_required, seen_at, created_at, completed_at)
         select u.id, 'coin', 'BTC', 'BTC', 'a', 'tx' || g, 1, 'deposit_complete', 2, ts, ts, ts
         from users u, (select g, now() - ((g / 3) * interval '1 minute') as ts from generate_series(1, $1) g) s
         where u.email_lower = 'demo@tradingdesk.test'`,
        [rows],
      );
      const bigToken = await big.token();
      const response = await fetch(`${big.base}/account/bill/export`, {
        method: 'POST',
        headers: { source: 'web', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${bigToken}` },
        body: 'days=365',
      });
      const sheet = await readSheet(response);
      const ids = Array.from({ length: sheet.rowCount - 6 }, (_, i) => String(values(sheet, i + 7)[0]));
      expect(ids).toHaveLength(rows);
      expect(new Set(ids).size).toBe(rows);
      const stored = await db.query<{ record_id: string }>(`select 'D' || id as record_id from wallet_deposits order by created_at desc, id desc`);
      expect(ids).toEqual(stored.map((r) => r.record_id));
    } finally {
      await big.close();
      await db.close();
    }
  });

  it('stops writing when the client goes away mid-file, and the sandbox keeps answering', async () => {
    const db = await openDatabase({ migrated: true });
    const big = await TestApi.start({ db });
    try {
      const rows = 30_000;
      await db.query(
        `insert into wallet_deposits (user_id, kind, asset, network, address, tx_hash, amount, status, confirmations_required, seen_at, created_at, completed_at)
         select u.id, 'coin', 'BTC', 'BTC', 'a', 'gone' || g, 1, 'deposit_complete', 2, ts, ts, ts
         from users u, (select g, now() - (g * interval '1 second') as ts from generate_series(1, $1) g) s
         where u.email_lower = 'demo@tradingdesk.test'`,
        [rows],
      );
      const bigToken = await big.token();
      const stopped = exportStats.stoppedEarly;
      const abort = new AbortController();
      const response = await fetch(`${big.base}/account/bill/export`, {
        method: 'POST',
        headers: { source: 'web', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${bigToken}` },
        body: 'days=365',
        signal: abort.signal,
      });
      expect(response.status).toBe(200);
      // Read the first bytes of the file, then hang up.
      const reader = response.body!.getReader();
      let received = 0;
      while (received < 16_384) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value.length;
      }
      abort.abort();
      await reader.cancel().catch(() => undefined);
      await expect.poll(() => exportStats.stoppedEarly, { timeout: 20_000 }).toBe(stopped + 1);
      expect(exportStats.lastRows).toBeLessThan(rows);
      expect((await big.call('GET', '/user/assets', { token: bigToken })).code).toBe(200);
    } finally {
      await big.close();
      await db.close();
    }
  });

  it('writes exact amounts as numbers only when a double holds them', () => {
    expect(amountCell('0.00000001')).toBe(1e-8);
    expect(amountCell('123456789012345')).toBe(123456789012345);
    expect(amountCell('1234567890123456')).toBe('1234567890123456');
    expect(amountCell('0.1234567890123456')).toBe('0.1234567890123456');
    const zone = zonedFormatter('Asia/Kolkata');
    const when = new Date(Date.UTC(2026, 10, 24, 0, 0, 0));
    expect(zone.time(when)).toBe('2026-11-24 05:30:00');
    expect(zone.offset(when)).toBe('UTC+5:30');
  });
});

describe('fiat and transfer records export (the same call, kind=fiatDeposit | fiatWithdraw | transfer)', () => {
  it('fiat deposits: their own title, columns and translated states, the currency filter, and ids in order across batches', async () => {
    const declared: string[] = [];
    // More than one batch, with equal timestamps: every record once, newest first by id.
    for (let i = 0; i < EXPORT_BATCH + 5; i++) {
      const reply = await api.call<{ recordId: string }>('POST', '/account/block/submitBlockFiatDeposit', {
        token,
        body: { requestId: `export-fd-${String(i).padStart(4, '0')}`, asset: i % 2 ? 'USD' : 'HKD', amount: String(1000 + i), bankReference: `EXP${i}REF` },
      });
      declared.push(reply.data.recordId);
    }
    await api.call('POST', '/_dev/bank/deposit/decide', { body: { depositId: declared[0]!.slice(2), approve: true } });
    const response = await exportFile({ kind: 'fiatDeposit', lang: 'en-US', tz: 'UTC' });
    expect(response.status).toBe(200);
    expect(decodeURIComponent((response.headers.get('content-disposition') ?? '').split("UTF-8''")[1] ?? '')).toMatch(/^法幣存款記錄-\d{8}\.xlsx$/);
    const sheet = await readSheet(response);
    const x = enRecord.export;
    expect(values(sheet, 1)).toEqual([x.kinds.fiatDeposit.title]);
    expect(values(sheet, 2)[0]).toBe(`Filters: currency ${enRecord.filters.all}; status ${enRecord.filters.all}; Last 30 days`);
    expect(values(sheet, 6)).toEqual([x.columns.recordId, x.columns.time, x.columns.currency, x.columns.sum, x.columns.reference, x.columns.bankReference, x.columns.status, x.columns.completedAt]);
    const ids = Array.from({ length: sheet.rowCount - 6 }, (_, i) => values(sheet, 7 + i)[0]);
    expect(ids).toEqual([...declared].reverse());
    const first = values(sheet, 7 + declared.length - 1);
    expect(first[3]).toBe(1000);
    expect(first[5]).toBe('EXP0REF');
    expect(first[6]).toBe(enWallet.fiat.status.complete);
    expect(values(sheet, 7)[6]).toBe(enWallet.fiat.status.approvalPending);

    const usdOnly = await readSheet(await exportFile({ kind: 'fiatDeposit', asset: 'USD', status: 'approvalPending', lang: 'zh-HK' }));
    const currencies = new Set(Array.from({ length: usdOnly.rowCount - 6 }, (_, i) => values(usdOnly, 7 + i)[2]));
    expect([...currencies]).toEqual(['USD']);
    expect(values(usdOnly, 2)[0]).toBe(`篩選：貨幣 USD；狀態 ${zhWallet.fiat.status.approvalPending}；最近 30 日`);
  });

  it('transfers: direction in the filter line, accounts by name; a state or type of another page is bad input', async () => {
    for (const [type, amount] of [['FUNDING_MAIN', '5'], ['MAIN_FUNDING', '2']] as const) {
      expect((await api.call('POST', '/broker/lightning/transfer/submit', { token, body: { asset: 'USDT', type, amount } })).code).toBe(200);
      api.clock.advance(1_000);
    }
    const sheet = await readSheet(await exportFile({ kind: 'transfer', type: 'MAIN_FUNDING', lang: 'zh-HK' }));
    expect(values(sheet, 1)).toEqual([zhRecord.export.kinds.transfer.title]);
    expect(values(sheet, 2)[0]).toContain(zhRecord.transfer.types.MAIN_FUNDING);
    expect(sheet.rowCount).toBe(7);
    expect(values(sheet, 7).slice(2)).toEqual(['USDT', 2, zhWallet.accounts.trade, zhWallet.accounts.capital]);

    for (const fields of [
      { kind: 'transfer', status: 'complete' },
      { kind: 'fiatDeposit', status: 'deposit_pending' },
      { kind: 'coin', type: 'FUNDING_MAIN' },
      { kind: 'fiatWithdraw', type: 'withdraw' },
      { kind: 'transfer', startTime: new Date(api.clock.now()).toISOString() },
    ]) {
      const refused = await exportFile(fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(((await refused.json()) as { code: number }).code).toBe(400);
    }
  });
});
