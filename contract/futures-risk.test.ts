import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { makeBrackets, MAJOR_TIERS } from './futures-brackets.ts';
import { estimateOrder, hedgeSideOf, liquidationAtTick, orderSplit, positionLiquidation, type OrderIntent, type RiskAccount, type RiskPosition } from './futures-risk.ts';

/*
 * Worked examples computed by hand from Binance's published definitions, not from the code under test:
 * - liquidation price, "How to Calculate Liquidation Price of USDⓈ-M Futures Contracts"
 *   (https://www.binance.com/en/support/faq/b3c689c1f50a44cabb3a84e663b81d93):
 *     LP = (WB − TMM1 + UPNL1 + cumB + cumL + cumS − Side1BOTH × Position1BOTH × EP1BOTH − Position1LONG × EP1LONG + Position1SHORT × EP1SHORT)
 *        / (Position1BOTH × MMRB + Position1LONG × MMRL + Position1SHORT × MMRS − Side1BOTH × Position1BOTH − Position1LONG + Position1SHORT)
 *   WB the cross wallet (isolated: the position's isolated margin, TMM1 = UPNL1 = 0), MMR and cum of the bracket the
 *   notional at LP falls in;
 * - BTCUSDT brackets (GET /fapi/v1/leverageBracket, "Leverage and Margin of USDⓈ-M Futures"): notional
 *   [0, 50,000) MMR 0.40 % cum 0; [50,000, 250,000) 0.50 % cum 50; [250,000, 1,000,000) 1.00 % cum 1,300;
 * - cost = initial margin of the part that opens (qty × price / leverage) + taker fee on the whole order (0.05 % here).
 */

const D = (v: Decimal.Value) => new Decimal(v);
const btc = makeBrackets(MAJOR_TIERS);
const FEE = D('0.0005');

function pos(p: Partial<Omit<RiskPosition, 'size' | 'entry'>> & { size: Decimal.Value; entry: Decimal.Value }): RiskPosition {
  return {
    symbol: 'BTCUSDT',
    positionSide: 'BOTH',
    marginType: 'cross',
    isolatedMargin: D(0),
    upnl: D(0),
    mm: D(0),
    ...p,
    size: D(p.size),
    entry: D(p.entry),
  };
}

function order(o: Partial<Omit<OrderIntent, 'qty' | 'price'>> & Pick<OrderIntent, 'side'> & { qty: Decimal.Value; price: Decimal.Value }): OrderIntent {
  return { symbol: 'BTCUSDT', positionSide: 'BOTH', leverage: 10, marginType: 'cross', takerFeeRate: FEE, brackets: btc, ...o, qty: D(o.qty), price: D(o.price) };
}

const at2 = (d: Decimal | null) => d?.toFixed(2) ?? null;

describe('order cost, margin and estimated liquidation (Binance worked examples)', () => {
  it('single isolated long, first tier', () => {
    // open long 0.1 @ 60,000, 10× isolated, nothing held
    // cost = 0.1 × 60,000 / 10 + 0.1 × 60,000 × 0.0005 = 600 + 3 = 603; isolated margin 600
    // LP = (600 − 0.1 × 60,000) / (0.1 × 0.004 − 0.1) = −5,400 / −0.0996 = 54,216.87 (notional 5,421.69: tier 1)
    const e = estimateOrder({ crossWallet: D(1000), positions: [] }, order({ side: 'buy', qty: '0.1', price: 60000, marginType: 'isolated' }));
    expect(e.cost.toFixed(2)).toBe('603.00');
    expect(e.position.isolatedMargin.toFixed(2)).toBe('600.00');
    expect(at2(e.liquidation)).toBe('54216.87');
  });

  it('cross long added to (the reported case): the buy opens, it does not close; the wallet backs the whole position', () => {
    // hold 0.5 BTC long @ 60,000 cross 10×, cross wallet 10,000; buy limit 0.2 @ 64,000
    // before: LP = (10,000 − 0.5 × 60,000) / (0.5 × 0.004 − 0.5) = −20,000 / −0.498 = 40,160.64
    const account: RiskAccount = { crossWallet: D(10000), positions: [pos({ size: '0.5', entry: 60000 })] };
    expect(at2(positionLiquidation(account, account.positions[0]!, btc, D(64000)))).toBe('40160.64');
    // the buy is on the long's side: nothing to close, all 0.2 opens
    // cost = 0.2 × 64,000 / 10 + 0.2 × 64,000 × 0.0005 = 1,280 + 6.40 = 1,286.40 (not 6.40)
    // after: 0.7 @ (0.5 × 60,000 + 0.2 × 64,000) / 0.7 = 42,800 / 0.7 = 61,142.857…; wallet 10,000 − 6.40 = 9,993.60
    // LP = (9,993.60 − 42,800) / (0.7 × 0.004 − 0.7) = −32,806.40 / −0.6972 = 47,054.50 (notional 32,938: tier 1)
    // (the old estimate took the order alone on its own margin: (1,280 − 12,800) / (0.2 × 0.004 − 0.2) = 57,831.33)
    const e = estimateOrder(account, order({ side: 'buy', qty: '0.2', price: 64000 }));
    expect(e.closing).toBe(false);
    expect(e.opening.toFixed()).toBe('0.2');
    expect(e.cost.toFixed(2)).toBe('1286.40');
    expect(e.position.entry.toFixed(3)).toBe('61142.857');
    expect(at2(e.liquidation)).toBe('47054.50');
  });

  it('cross long reduced: the sell closes, costs only its fee, and realised PnL joins the wallet', () => {
    // hold 0.5 long @ 60,000 cross, wallet 10,000; sell 0.2 @ 64,000
    // cost = 0 margin + 0.2 × 64,000 × 0.0005 = 6.40; realised 0.2 × (64,000 − 60,000) = 800
    // after: 0.3 @ 60,000; wallet 10,000 + 800 − 6.40 = 10,793.60
    // LP = (10,793.60 − 18,000) / (0.3 × 0.004 − 0.3) = −7,206.40 / −0.2988 = 24,117.80
    const e = estimateOrder({ crossWallet: D(10000), positions: [pos({ size: '0.5', entry: 60000 })] }, order({ side: 'sell', qty: '0.2', price: 64000 }));
    expect(e.closing).toBe(true);
    expect(e.opening.toFixed()).toBe('0');
    expect(e.cost.toFixed(2)).toBe('6.40');
    expect(e.position.size.toFixed()).toBe('0.3');
    expect(at2(e.liquidation)).toBe('24117.80');
  });

  it('isolated long reduced: the closed share of the isolated margin is freed', () => {
    // hold 0.5 long @ 60,000 isolated, margin 3,000; sell 0.2 @ 64,000 → margin 3,000 − 3,000 × 0.2 / 0.5 = 1,800
    // LP = (1,800 − 0.3 × 60,000) / (0.3 × 0.004 − 0.3) = −16,200 / −0.2988 = 54,216.87; cost 6.40 (fee only)
    const held = pos({ size: '0.5', entry: 60000, marginType: 'isolated', isolatedMargin: D(3000) });
    const e = estimateOrder({ crossWallet: D(7000), positions: [held] }, order({ side: 'sell', qty: '0.2', price: 64000, marginType: 'isolated' }));
    expect(e.cost.toFixed(2)).toBe('6.40');
    expect(e.position.isolatedMargin.toFixed(2)).toBe('1800.00');
    expect(at2(e.liquidation)).toBe('54216.87');
  });

  it('one-way flip: the sell closes the long and opens a short with the rest', () => {
    // hold 0.5 long @ 60,000 cross, wallet 10,000; sell 0.7 @ 64,000 → closes 0.5, opens 0.2
    // cost = 0.2 × 64,000 / 10 + 0.7 × 64,000 × 0.0005 = 1,280 + 22.40 = 1,302.40
    // realised 0.5 × 4,000 = 2,000; wallet 10,000 + 2,000 − 22.40 = 11,977.60; after −0.2 @ 64,000
    // LP = (11,977.60 + 0.2 × 64,000) / (0.2 × 0.004 + 0.2) = 24,777.60 / 0.2008 = 123,394.42
    const e = estimateOrder({ crossWallet: D(10000), positions: [pos({ size: '0.5', entry: 60000 })] }, order({ side: 'sell', qty: '0.7', price: 64000 }));
    expect(e.cost.toFixed(2)).toBe('1302.40');
    expect(e.position.size.toFixed()).toBe('-0.2');
    expect(at2(e.liquidation)).toBe('123394.42');
  });

  it('cross: the other contracts’ maintenance margin (TMM1) and PnL (UPNL1) come off the wallet', () => {
    // wallet 10,000; ETHUSDT cross long 10 @ 3,000, mark 2,900: UPNL −1,000, MM 29,000 × 0.4 % = 116
    // open BTC long 0.5 @ 60,000 10×: cost 3,000 + 15 = 3,015; wallet 10,000 − 15 = 9,985
    // LP = (9,985 − 116 − 1,000 − 30,000) / (0.5 × 0.004 − 0.5) = −21,131 / −0.498 = 42,431.73
    const eth = pos({ symbol: 'ETHUSDT', size: 10, entry: 3000, upnl: D(-1000), mm: D(116) });
    const e = estimateOrder({ crossWallet: D(10000), positions: [eth] }, order({ side: 'buy', qty: '0.5', price: 60000 }));
    expect(e.cost.toFixed(2)).toBe('3015.00');
    expect(at2(e.liquidation)).toBe('42431.73');
  });

  it('second tier, cross and isolated: MMR 0.5 % and cum 50, not a flat 0.4 %', () => {
    // open long 3 @ 60,000 20× cross, wallet 15,000: cost 9,000 + 90 = 9,090; wallet 14,910
    // tier 1 candidate (14,910 − 180,000) / (3 × 0.004 − 3) = 55,251.00 → notional 165,753: not tier 1
    // tier 2: (14,910 + 50 − 180,000) / (3 × 0.005 − 3) = −165,040 / −2.985 = 55,289.78 → notional 165,869: tier 2
    const cross = estimateOrder({ crossWallet: D(15000), positions: [] }, order({ side: 'buy', qty: 3, price: 60000, leverage: 20 }));
    expect(cross.cost.toFixed(2)).toBe('9090.00');
    expect(at2(cross.liquidation)).toBe('55289.78');
    // isolated 20×: margin 9,000; LP = (9,000 + 50 − 180,000) / (3 × 0.005 − 3) = −170,950 / −2.985 = 57,269.68
    const isolated = estimateOrder({ crossWallet: D(15000), positions: [] }, order({ side: 'buy', qty: 3, price: 60000, leverage: 20, marginType: 'isolated' }));
    expect(at2(isolated.liquidation)).toBe('57269.68');
  });

  it('hedge mode cross: a sell on SHORT opens beside the long (one-way would close it), both sides liquidate together', () => {
    // hold LONG 1 @ 60,000 cross 10×, wallet 10,000; sell 0.5 @ 61,000 on SHORT
    // cost = 0.5 × 61,000 / 10 + 0.5 × 61,000 × 0.0005 = 3,050 + 15.25 = 3,065.25; wallet 9,984.75
    // LP = (9,984.75 − 1 × 60,000 + 0.5 × 61,000) / (1 × 0.004 + 0.5 × 0.004 − 1 + 0.5) = −19,515.25 / −0.494 = 39,504.55
    // (notionals 39,505 and 19,752: both tier 1)
    const long = pos({ positionSide: 'LONG', size: 1, entry: 60000 });
    const account: RiskAccount = { crossWallet: D(10000), positions: [long] };
    const e = estimateOrder(account, order({ side: 'sell', positionSide: 'SHORT', qty: '0.5', price: 61000, mark: D(61000) }));
    expect(e.closing).toBe(false);
    expect(e.cost.toFixed(2)).toBe('3065.25');
    expect(at2(e.liquidation)).toBe('39504.55');
    // the same sell in one-way mode closes half the long: its fee only
    const oneWay = estimateOrder({ crossWallet: D(10000), positions: [pos({ size: 1, entry: 60000 })] }, order({ side: 'sell', qty: '0.5', price: 61000 }));
    expect(oneWay.cost.toFixed(2)).toBe('15.25');
    // hedge: a buy on LONG adds; a reduce-only sell names LONG and closes
    expect(hedgeSideOf('buy', false)).toBe('LONG');
    expect(hedgeSideOf('sell', true)).toBe('LONG');
    expect(orderSplit(D(1), 'buy', 'LONG', D('0.5')).closing).toBe(false);
    expect(orderSplit(D(1), 'sell', 'LONG', D('0.5')).opening.toFixed()).toBe('0');
    expect(orderSplit(D(-1), 'buy', 'SHORT', D('0.5')).closing).toBe(true);
  });

  it('hedge mode isolated, SHORT added to into the second tier: each side on its own margin', () => {
    // LONG 1 @ 60,000 isolated 6,000 (untouched); SHORT −0.5 @ 61,000 isolated 3,050; sell 0.5 @ 62,000 on SHORT 10×
    // cost = 0.5 × 62,000 / 10 + 0.5 × 62,000 × 0.0005 = 3,100 + 15.50 = 3,115.50
    // margin 3,050 + 3,100 = 6,150; short −1 @ (30,500 + 31,000) / 1 = 61,500
    // tier 1 candidate (6,150 + 61,500) / (0.004 + 1) = 67,380.48 → notional 67,380: not tier 1
    // tier 2: (6,150 + 50 + 61,500) / (0.005 + 1) = 67,700 / 1.005 = 67,363.18 → notional 67,363: tier 2
    const long = pos({ positionSide: 'LONG', size: 1, entry: 60000, marginType: 'isolated', isolatedMargin: D(6000) });
    const short = pos({ positionSide: 'SHORT', size: '-0.5', entry: 61000, marginType: 'isolated', isolatedMargin: D(3050) });
    const account: RiskAccount = { crossWallet: D(1000), positions: [long, short] };
    const e = estimateOrder(account, order({ side: 'sell', positionSide: 'SHORT', qty: '0.5', price: 62000, marginType: 'isolated' }));
    expect(e.cost.toFixed(2)).toBe('3115.50');
    expect(e.position.entry.toFixed()).toBe('61500');
    expect(e.position.isolatedMargin.toFixed(2)).toBe('6150.00');
    expect(at2(e.liquidation)).toBe('67363.18');
    // the long's own: tier 1 candidate (6,000 − 60,000) / (0.004 − 1) = 54,216.87 → notional 54,217: not tier 1;
    // tier 2: (6,000 + 50 − 60,000) / (0.005 − 1) = −53,950 / −0.995 = 54,221.11 → notional 54,221: tier 2
    expect(at2(positionLiquidation(account, long, btc, D(62000)))).toBe('54221.11');
  });

  it('rounds a liquidation price to the tick on the safe side', () => {
    expect(liquidationAtTick(D('47054.5037'), '0.1', true).toFixed()).toBe('47054.6');
    expect(liquidationAtTick(D('123394.4223'), '0.1', false).toFixed()).toBe('123394.4');
  });
});
