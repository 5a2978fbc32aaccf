import { describe, expect, it } from 'vitest';
import { simOptionsFromEnv } from './env.ts';

describe('simOptionsFromEnv', () => {
  it('reads MARKET_SEED, MARKET_RATE and MARKET_LOAD', () => {
    expect(simOptionsFromEnv({ MARKET_SEED: '42', MARKET_RATE: '2.5', MARKET_LOAD: '1' })).toEqual({ seed: 42, rate: 2.5, load: true });
    expect(simOptionsFromEnv({})).toEqual({});
    expect(simOptionsFromEnv({ MARKET_SYMBOLS: '2000' })).toEqual({ symbols: 2000 });
    expect(simOptionsFromEnv({ MARKET_WEIGHT_LIMITS: 'spot=12000, usdm=4800' })).toEqual({ weights: { spot: 12000, usdm: 4800 } });
  });
  it('rejects bad values', () => {
    expect(() => simOptionsFromEnv({ MARKET_SEED: 'x' })).toThrow('MARKET_SEED');
    expect(() => simOptionsFromEnv({ MARKET_RATE: '-1' })).toThrow('MARKET_RATE');
    expect(() => simOptionsFromEnv({ MARKET_LOAD: 'yes' })).toThrow('MARKET_LOAD');
    expect(() => simOptionsFromEnv({ MARKET_SYMBOLS: '2000.5' })).toThrow('MARKET_SYMBOLS');
    expect(() => simOptionsFromEnv({ MARKET_SYMBOLS: '0' })).toThrow('MARKET_SYMBOLS');
    expect(() => simOptionsFromEnv({ MARKET_SYMBOLS: '5001' })).toThrow('MARKET_SYMBOLS');
    expect(() => simOptionsFromEnv({ MARKET_WEIGHT_LIMITS: 'spot=lots' })).toThrow('MARKET_WEIGHT_LIMITS');
    expect(() => simOptionsFromEnv({ MARKET_WEIGHT_LIMITS: 'orders=5' })).toThrow('MARKET_WEIGHT_LIMITS');
  });
});
