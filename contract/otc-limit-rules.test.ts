import { describe, expect, it } from 'vitest';
import { flipUnit, limitBand, limitFromWire, limitToWire, shownUnit, traderUnit } from './otc-limit-rules.ts';

describe('a delegated order’s limit in the trader’s direction', () => {
  it('reads a pair as quote per base whichever side is paid', () => {
    expect(traderUnit('USDT', 'BTC')).toEqual({ base: 'BTC', quote: 'USDT' });
    expect(traderUnit('BTC', 'USDT')).toEqual({ base: 'BTC', quote: 'USDT' });
    expect(traderUnit('BTC', 'ETH')).toEqual({ base: 'ETH', quote: 'BTC' });
    expect(traderUnit('USDT', 'HKD')).toEqual({ base: 'USDT', quote: 'HKD' });
    expect(shownUnit('USDT', 'BTC', true)).toEqual(flipUnit(traderUnit('USDT', 'BTC')));
  });

  it('converts exactly to the wire’s toAsset per fromAsset, an inexact inverse rounded in the payer’s favour', () => {
    const usdtPerBtc = traderUnit('USDT', 'BTC');
    expect(limitToWire('64000', usdtPerBtc, 'USDT').toFixed()).toBe('0.000015625');
    expect(limitToWire('64000', traderUnit('BTC', 'USDT'), 'BTC').toFixed()).toBe('64000');
    // 1/3 = 0.333…: rounded up, so the order asks at least a third of a BTC per USDT — never a worse price than typed.
    expect(limitToWire('3', usdtPerBtc, 'USDT').toFixed()).toBe('0.333333333333333334');
    expect(limitFromWire('0.000015625', usdtPerBtc, 'USDT').toFixed()).toBe('64000');
  });

  it('holds a limit to 20 % of the desk’s price, in the trader’s unit on both sides', () => {
    // The desk gives 1/65,000 BTC per USDT: 65,000 USDT per BTC, a band of 52,000 to 78,000.
    const ref = limitToWire('65000', traderUnit('USDT', 'BTC'), 'USDT');
    const at = (usdtPerBtc: string) => limitBand(limitToWire(usdtPerBtc, traderUnit('USDT', 'BTC'), 'USDT'), ref, 'USDT', 'BTC');
    expect(at('64000')).toMatchObject({ within: true, reference: '65000', lowest: '52000', highest: '78000', bandPercent: '20', unit: { base: 'BTC', quote: 'USDT' } });
    expect(at('52000').within).toBe(true);
    expect(at('78000').within).toBe(true);
    expect(at('51999').within).toBe(false);
    expect(at('78001').within).toBe(false);
    // The slip of the defect: 64,000 typed as BTC per USDT is 1/64,000 USDT per BTC.
    expect(limitBand('64000', ref, 'USDT', 'BTC').within).toBe(false);
    expect(limitBand('64000', '65000', 'BTC', 'USDT').within).toBe(true);
    expect(limitBand('1000000', '65000', 'BTC', 'USDT')).toMatchObject({ within: false, limit: '1000000' });
  });
});

describe('the band’s bounds', () => {
  it('are rounded inward to the reference’s decimals', () => {
    // 65,028.108 USDT per BTC: 52,022.4864 and 78,033.7296 read 52,022.487 and 78,033.729.
    const band = limitBand('65000', '65028.108', 'BTC', 'USDT');
    expect(band).toMatchObject({ reference: '65028.108', lowest: '52022.487', highest: '78033.729', within: true });
    expect(limitBand('52022.486', '65028.108', 'BTC', 'USDT').within).toBe(false);
    expect(limitBand('78033.729', '65028.108', 'BTC', 'USDT').within).toBe(true);
  });
});
