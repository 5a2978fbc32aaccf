import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_GUARD } from '../../contract/rules.ts';
import { TestApi } from './helpers.ts';

// The account's fat-finger guard (contract/rules.ts `DEFAULT_ORDER_GUARD`): stored per account, range-checked.

interface Guard {
  priceBandOn: boolean;
  priceBandPct: number;
  notionalOn: boolean;
  maxNotional: number;
}

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ persistent: true });
});
afterAll(async () => api.close());

async function signedIn(): Promise<string> {
  return api.token(await api.register(), 'Passw0rd!x');
}

async function guardOf(token: string): Promise<Guard> {
  const info = await api.call<{ orderGuard: Guard }>('GET', '/institution/getUserInfo', { token });
  expect(info.code).toBe(200);
  return info.data.orderGuard;
}

describe('POST /institution/updateOrderGuard', () => {
  it('starts at the defaults (5 % band, 1,000,000 USDT), both on', async () => {
    expect(await guardOf(await signedIn())).toEqual({ priceBandOn: true, priceBandPct: 5, notionalOn: true, maxNotional: 1_000_000 });
    expect(DEFAULT_ORDER_GUARD).toEqual({ priceBandOn: true, priceBandPct: 5, notionalOn: true, maxNotional: 1_000_000 });
  });

  it("stores one account's guard, leaves another account's alone, and keeps it over a restart", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const saved = { priceBandOn: false, priceBandPct: 2.5, notionalOn: true, maxNotional: 50_000 };
    const reply = await api.call<Guard>('POST', '/institution/updateOrderGuard', { token: mine, body: saved });
    expect(reply).toMatchObject({ status: 200, code: 200, data: saved });
    expect(await guardOf(mine)).toEqual(saved);
    expect(await guardOf(theirs)).toEqual({ ...DEFAULT_ORDER_GUARD });

    const changed = { priceBandOn: true, priceBandPct: 0.1, notionalOn: false, maxNotional: 1 };
    await api.call('POST', '/institution/updateOrderGuard', { token: mine, body: changed });
    await api.close(true);
    await api.open();
    expect(await guardOf(mine)).toEqual(changed);
    expect(await guardOf(theirs)).toEqual({ ...DEFAULT_ORDER_GUARD });
  });

  it('takes the edges of the ranges: 0.1 % and 100 %, 1 and 1,000,000,000,000 USDT', async () => {
    const token = await signedIn();
    for (const body of [
      { priceBandOn: true, priceBandPct: 100, notionalOn: true, maxNotional: 1_000_000_000_000 },
      { priceBandOn: true, priceBandPct: 0.1, notionalOn: true, maxNotional: 1 },
    ]) {
      expect((await api.call('POST', '/institution/updateOrderGuard', { token, body })).status).toBe(200);
      expect(await guardOf(token)).toEqual(body);
    }
  });

  it('refuses out-of-range and malformed values with a 400 naming the field, and keeps what was saved', async () => {
    const token = await signedIn();
    const good = { priceBandOn: true, priceBandPct: 3, notionalOn: true, maxNotional: 200_000 };
    await api.call('POST', '/institution/updateOrderGuard', { token, body: good });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, priceBandPct: 0 }, 'priceBandPct'],
      [{ ...good, priceBandPct: 0.05 }, 'priceBandPct'],
      [{ ...good, priceBandPct: 100.01 }, 'priceBandPct'],
      [{ ...good, priceBandPct: '5' }, 'priceBandPct'],
      [{ ...good, maxNotional: 0 }, 'maxNotional'],
      [{ ...good, maxNotional: 1.5 }, 'maxNotional'],
      [{ ...good, maxNotional: 1_000_000_000_001 }, 'maxNotional'],
      [{ ...good, maxNotional: -5 }, 'maxNotional'],
      [{ ...good, priceBandOn: 'yes' }, 'priceBandOn'],
      [{ priceBandOn: true, priceBandPct: 5, notionalOn: true }, 'maxNotional'],
    ];
    for (const [body, field] of cases) {
      const bad = await api.call('POST', '/institution/updateOrderGuard', { token, body });
      expect(bad, JSON.stringify(body)).toMatchObject({ status: 400, data: { field } });
    }
    expect(await guardOf(token)).toEqual(good);
  });

  it('needs a session', async () => {
    const reply = await api.call('POST', '/institution/updateOrderGuard', { body: { priceBandOn: true, priceBandPct: 5, notionalOn: true, maxNotional: 10 } });
    expect(reply.status).toBe(401);
  });
});
