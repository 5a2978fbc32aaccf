import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { demoUser } from '../../server/identity/seed.ts';
import { TestApi } from '../api/helpers.ts';
import { gaMoneySuite, requestIds, type GaSession } from '../api/suite.ts';

/**
 * The attacker's view of four smaller findings, each refused by the server (PGlite: nothing here races):
 * - a convert pair switched off after a firm quote: the quote no longer fills (spec §6 operations switches);
 * - leverage sent as text, a boolean, a fraction or out of range: 400 and the leverage stays (spec §7 changeLeverage);
 * - a frozen account (spec §4 "Account freeze: it disables withdrawals and exchange"): no leverage or mode change, no
 *   transfer out of the USD-M account, no convert or OTC; after operations unfreeze it, the same calls work.
 */
describe('smaller findings', () => {
  let s: GaSession;
  const requestId = requestIds('smaller-findings');
  const backend = { start: (options = {}) => TestApi.start(options) };
  const { call } = gaMoneySuite(backend, (started) => {
    s = started;
  });
  /** Every balance of the three account types (spec §3), as text by `type:asset`. */
  const allBalances = async () => {
    const reply = await call<Array<{ accountType: number; balances: Array<{ asset: string; free: string; locked: string }> }>>('POST', '/broker/account/balance/query', {});
    return Object.fromEntries(reply.data.flatMap((a) => a.balances.map((b) => [`${a.accountType}:${b.asset}`, `${new Decimal(b.free).toFixed()}/${new Decimal(b.locked).toFixed()}`])));
  };
  const freeze = async (frozen: boolean) =>
    expect((await s.api.call('POST', '/_dev/account', { body: { email: demoUser.email, frozen } })).code).toBe(200);
  const btc = { instrumentId: 'BTCUSDT' };
  const leverage = async () => (await call<{ leverage: number }>('POST', '/broker/lightning/futures/leverage/queryLeverage', btc)).data.leverage;

  describe('convert: a pair switched off after the quote', () => {
    const disable = (disabled: boolean) => s.api.call('POST', '/_dev/convert/disabledPair', { body: { fromAsset: 'USDT', toAsset: 'BTC', disabled } });

    it('the firm quote is refused at the order with 10252 and nothing moves', async () => {
      const quote = await call<{ quoteId: string }>('POST', '/institution/quote', { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '100' });
      expect(quote.code).toBe(200);
      const before = await allBalances();
      await disable(true);
      try {
        const order = await call<{ fromAsset: string; toAsset: string }>('POST', '/institution/order', { quoteId: quote.data.quoteId, requestId: requestId() });
        expect(order.code).toBe(Code.pairDisabled);
        expect(order.data).toEqual({ fromAsset: 'USDT', toAsset: 'BTC' });
        expect(await allBalances()).toEqual(before);
        const records = await call<{ total: number }>('POST', '/institution/pageSwapOrderRecord', { pageCondition: { pageNum: 1, pageSize: 10 } });
        expect(records.data.total).toBe(0);
      } finally {
        await disable(false);
      }
      // The refusal did not use the quote up: switched on again, it fills once.
      expect((await call('POST', '/institution/order', { quoteId: quote.data.quoteId, requestId: requestId() })).code).toBe(200);
    });
  });

  describe('leverage: integers from 1 to the pair’s top only', () => {
    it.each([['0x10'], [true], ['1e1'], ['10'], [0], [101], [126], [1.5], [-5], [null], [[10]], [{}]])('%j → 400 naming leverage; unchanged', async (value) => {
      const before = await leverage();
      const reply = await call<{ field: string }>('POST', '/broker/lightning/futures/leverage/changeLeverage', { ...btc, leverage: value });
      expect(reply.status).toBe(400);
      expect(reply.code).toBe(400);
      expect(reply.data.field).toBe('leverage');
      expect(await leverage()).toBe(before);
    });

    it('an integer in range is taken', async () => {
      const reply = await call<{ leverage: number }>('POST', '/broker/lightning/futures/leverage/changeLeverage', { ...btc, leverage: 7 });
      expect(reply.code).toBe(200);
      expect(await leverage()).toBe(7);
    });
  });

  describe('a frozen account', () => {
    const transfer = (type: string, amount = '10') => call<{ transferId: string }>('POST', '/broker/lightning/transfer/submit', { asset: 'USDT', type, amount, requestId: requestId() });
    /** The calls a freeze refuses (spec §4 "exchange": orders that add exposure, trading settings, convert, OTC) and what frees margin. */
    const refused: Array<[string, string, unknown]> = [
      ['leverage', '/broker/lightning/futures/leverage/changeLeverage', { ...btc, leverage: 12 }],
      ['margin type', '/broker/lightning/account/changeMarginType', { ...btc, marginType: 'isolated' }],
      ['position mode', '/broker/lightning/account/changePositionSide', { positionSide: 'hedge' }],
      ['multi-assets mode', '/broker/lightning/account/changeMultiAssetsMargin', { multiAssetsMargin: true }],
      ['transfer out of the USD-M account to trade', '/broker/lightning/transfer/submit', { asset: 'USDT', type: 'UMFUTURE_MAIN', amount: '10' }],
      ['transfer out of the USD-M account to capital', '/broker/lightning/transfer/submit', { asset: 'USDT', type: 'UMFUTURE_FUNDING', amount: '10' }],
      ['spot order', '/broker/spot/order/sendOrder', { ...btc, priceType: 'market', direction: 'buy', volume: '0.001' }],
      ['futures order', '/broker/lightning/futures/order/sendOrder', { ...btc, priceType: 'market', direction: 'buy', volume: '0.001' }],
      ['convert quote', '/institution/quote', { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '100' }],
      ['OTC quote', '/institution/block/quote', { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '60000' }],
    ];

    it('is refused (10011) every call of exchange and every transfer out of its USD-M account; nothing moves or changes', async () => {
      const before = await allBalances();
      const leverageBefore = await leverage();
      await freeze(true);
      try {
        const codes: Record<string, number> = {};
        for (const [name, path, body] of refused) codes[name] = (await call('POST', path, { ...(body as object), requestId: requestId() })).code;
        expect(codes).toEqual(Object.fromEntries(refused.map(([name]) => [name, Code.frozen])));
        expect(await allBalances()).toEqual(before);
        expect(await leverage()).toBe(leverageBefore);
        const modes = await call<{ positionSide: string }>('POST', '/broker/lightning/account/queryPositionSide', {});
        expect(modes.data.positionSide).toBe('oneWay');
      } finally {
        await freeze(false);
      }
    });

    it('may still move money between its capital and trade accounts and into its USD-M account (neither withdrawal nor exchange)', async () => {
      await freeze(true);
      try {
        for (const type of ['FUNDING_MAIN', 'MAIN_FUNDING', 'FUNDING_UMFUTURE', 'MAIN_UMFUTURE']) expect((await transfer(type)).code, type).toBe(200);
      } finally {
        await freeze(false);
      }
    });

    it('after operations unfreeze it, the same calls work again', async () => {
      expect((await call('POST', '/broker/lightning/futures/leverage/changeLeverage', { ...btc, leverage: 12 })).code).toBe(200);
      expect(await leverage()).toBe(12);
      expect((await transfer('UMFUTURE_MAIN')).code).toBe(200);
      expect((await call('POST', '/institution/quote', { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '100' })).code).toBe(200);
    });
  });
});
