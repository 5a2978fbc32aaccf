import { describe, expect, it } from 'vitest';
import { INITIAL_FORM, formReducer, type TradeFormState } from './form-state.ts';

const filled: TradeFormState = { ...INITIAL_FORM, direction: 'buy', priceType: 'limit', price: '3200.5', volume: '0.25', percent: 50 };

describe('trade form rules (spec §4)', () => {
  it('changing direction resets price, volume and price type to limit', () => {
    const market = { ...filled, priceType: 'market' as const, price: '' };
    expect(formReducer(market, { type: 'direction', direction: 'sell' })).toEqual({ ...INITIAL_FORM, direction: 'sell' });
    expect(formReducer(filled, { type: 'direction', direction: 'sell' })).toEqual({
      ...INITIAL_FORM,
      direction: 'sell',
      priceType: 'limit',
      price: '',
      volume: '',
      percent: 0,
    });
  });

  it('choosing the same direction keeps the form', () => {
    expect(formReducer(filled, { type: 'direction', direction: 'buy' })).toBe(filled);
  });

  it('changing price type clears price and volume but keeps the direction', () => {
    const sell = { ...filled, direction: 'sell' as const };
    expect(formReducer(sell, { type: 'priceType', priceType: 'market' })).toEqual({ ...sell, priceType: 'market', price: '', volume: '', percent: 0 });
    expect(formReducer(filled, { type: 'priceType', priceType: 'limit' })).toBe(filled);
  });

  it('a typed volume leaves the slider; a slider volume remembers its percent', () => {
    const s1 = formReducer(filled, { type: 'volume', volume: '1' });
    expect(s1.percent).toBe(0);
    const s2 = formReducer(s1, { type: 'percent', percent: 75, volume: '0.75' });
    expect(s2).toMatchObject({ volume: '0.75', percent: 75 });
  });

  it('a picked price fills the price; in market mode it switches to limit and clears the volume', () => {
    expect(formReducer(filled, { type: 'picked', price: '3100.01' })).toEqual({ ...filled, price: '3100.01' });
    const market = { ...filled, priceType: 'market' as const, price: '' };
    expect(formReducer(market, { type: 'picked', price: '3100.01' })).toEqual({ ...market, priceType: 'limit', price: '3100.01', volume: '', percent: 0 });
  });

  it('USD-M extras: a stop type clears the trigger with the price; post-only and IOC/FOK exclude each other; reduce-only and TP/SL exclude each other', () => {
    const stop = formReducer({ ...filled, stopPrice: '3000' }, { type: 'priceType', priceType: 'stop_market' });
    expect(stop).toMatchObject({ priceType: 'stop_market', price: '', stopPrice: '', volume: '' });
    const post = formReducer({ ...filled, timeInForce: 'IOC' }, { type: 'extras', patch: { postOnly: true } });
    expect(post).toMatchObject({ postOnly: true, timeInForce: 'GTC' });
    expect(formReducer(post, { type: 'extras', patch: { timeInForce: 'FOK' } })).toMatchObject({ postOnly: false, timeInForce: 'FOK' });
    const tpsl = formReducer({ ...filled, reduceOnly: true }, { type: 'extras', patch: { tpsl: true } });
    expect(tpsl).toMatchObject({ tpsl: true, reduceOnly: false });
    expect(formReducer(tpsl, { type: 'extras', patch: { reduceOnly: true } })).toMatchObject({ tpsl: false, reduceOnly: true });
    expect(formReducer(filled, { type: 'sizeUnit', sizeUnit: 'quote' })).toMatchObject({ sizeUnit: 'quote', volume: '' });
  });
});
