import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/app-client.ts';
import { session } from '../../../lib/session/index.ts';
import { loadTradingAccount } from './use-trading-account.ts';

// spec §4 "Account list": "If no account has a sort index, the first account is made the default via a call and selected."

const options = (sortIndex: number | null) => ({
  exchangeList: [{ exchangeCode: 'binance', exchangeName: 'Binance' }],
  accountList: [
    { keyId: '41', brokerAccountId: '41', exchangeCode: 'binance', sortIndex: sortIndex === null ? null : sortIndex + 1 },
    { keyId: '42', brokerAccountId: '42', exchangeCode: 'binance', sortIndex },
  ],
  positionSide: 'oneWay',
  multiAssetsMargin: false,
  topLeverage: 100,
});

function serve(reply: ReturnType<typeof options>) {
  const sent: Array<{ path: string; body: unknown }> = [];
  vi.spyOn(api, 'post').mockImplementation(async (path: string, body?: unknown) => {
    sent.push({ path, body });
    return (path === '/broker/lightning/queryBrokerOptions' ? reply : { keyId: (body as { keyId: string }).keyId }) as never;
  });
  return sent;
}

afterEach(() => {
  vi.restoreAllMocks();
  session.setState({ isLogin: false, exchangeCode: 'binance', accountList: [], keyId: null });
});

describe('loadTradingAccount', () => {
  it('makes the first account the default by a call when none has a sort index, and selects it', async () => {
    session.setState({ isLogin: true, exchangeCode: 'binance', keyId: null });
    const sent = serve(options(null));
    await loadTradingAccount();
    expect(sent.map((s) => s.path)).toEqual(['/broker/lightning/queryBrokerOptions', '/broker/lightning/setDefaultAccount']);
    expect(sent[1]!.body).toEqual({ keyId: '41' });
    expect(session.getState().keyId).toBe('41');
  });

  it('makes no call when the accounts are ordered: the lowest sort index is selected', async () => {
    session.setState({ isLogin: true, exchangeCode: 'binance', keyId: null });
    const sent = serve(options(0));
    await loadTradingAccount();
    expect(sent.map((s) => s.path)).toEqual(['/broker/lightning/queryBrokerOptions']);
    expect(session.getState().keyId).toBe('42');
  });
});
