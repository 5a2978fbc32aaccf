import type { SimOptions } from './index.ts';
import { MAX_SPOT_SYMBOLS } from './instruments.ts';

/** Simulator settings from the environment (README "Market simulator"); bad values fail loudly at start. */
export function simOptionsFromEnv(env: Record<string, string | undefined>): SimOptions {
  const options: SimOptions = {};
  const seed = env['MARKET_SEED'];
  if (seed !== undefined && seed !== '') {
    const n = Number(seed);
    if (!Number.isInteger(n)) throw new Error(`MARKET_SEED must be an integer, got ${seed}`);
    options.seed = n;
  }
  const rate = env['MARKET_RATE'];
  if (rate !== undefined && rate !== '') {
    const n = Number(rate);
    if (!Number.isFinite(n) || n < 0) throw new Error(`MARKET_RATE must be a non-negative number, got ${rate}`);
    options.rate = n;
  }
  const load = env['MARKET_LOAD'];
  if (load !== undefined && load !== '') {
    if (load !== '0' && load !== '1') throw new Error(`MARKET_LOAD must be 0 or 1, got ${load}`);
    options.load = load === '1';
  }
  const symbols = env['MARKET_SYMBOLS'];
  if (symbols !== undefined && symbols !== '') {
    const n = Number(symbols);
    if (!Number.isInteger(n) || n < 1 || n > MAX_SPOT_SYMBOLS) throw new Error(`MARKET_SYMBOLS must be an integer from 1 to ${MAX_SPOT_SYMBOLS}, got ${symbols}`);
    options.symbols = n;
  }
  const weights = env['MARKET_WEIGHT_LIMITS'];
  if (weights !== undefined && weights !== '') {
    const out: Record<string, number> = {};
    for (const part of weights.split(',')) {
      const [key, value] = part.split('=').map((x) => x.trim());
      const n = Number(value);
      if (!key || !['spot', 'usdm', 'funding', 'banAfter'].includes(key) || !value || !Number.isInteger(n) || n < 0) {
        throw new Error(`MARKET_WEIGHT_LIMITS must look like spot=6000,usdm=2400,funding=500,banAfter=5, got ${weights}`);
      }
      out[key] = n;
    }
    options.weights = out;
  }
  return options;
}
