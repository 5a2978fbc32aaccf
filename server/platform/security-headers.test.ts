import { describe, expect, it } from 'vitest';
import { connectOrigins } from '../../src/market/endpoints.ts';
import { binanceConnectSources, contentSecurityPolicy, liveConnectSources, marketSourceOf } from './security-headers.ts';

const connectSrc = (csp: string): string[] => (/connect-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ');
const page = { protocol: 'https:', host: 'desk.example.com' };

describe('CSP connect-src per market source', () => {
  it('names exactly the endpoints the app was built for: none (sandbox), Binance, or the three venues (live)', () => {
    expect(connectSrc(contentSecurityPolicy())).toEqual(["'self'"]);
    expect(connectSrc(contentSecurityPolicy({ marketSource: 'binance' })).slice(1).sort()).toEqual([...binanceConnectSources].sort());
    expect(connectSrc(contentSecurityPolicy({ marketSource: 'live' })).slice(1).sort()).toEqual([...liveConnectSources].sort());
  });

  it('agrees with the endpoints of src/market/endpoints.ts, nothing more', () => {
    expect([...binanceConnectSources].sort()).toEqual(connectOrigins('binance', page).sort());
    expect([...liveConnectSources].sort()).toEqual(connectOrigins('live', page).sort());
    expect(connectOrigins('sandbox', page)).toEqual([]);
  });

  it('reads the server setting: binance, live, anything else the sandbox', () => {
    expect(marketSourceOf('live')).toBe('live');
    expect(marketSourceOf('binance')).toBe('binance');
    expect(marketSourceOf('okx')).toBe('sandbox');
    expect(marketSourceOf(undefined)).toBe('sandbox');
  });
});
