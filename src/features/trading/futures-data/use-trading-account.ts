import { useEffect } from 'react';
import { session, useSession } from '../../../lib/session/index.ts';
import { tradeApi } from './trade-api.ts';

let loading: Promise<void> | null = null;

/**
 * The signed-in user's exchange account (spec §3 session keyId, accountList, positionSide, multiAssetsMargin),
 * from the lightning broker options (spec §7 queryBrokerOptions), loaded once per sign-in.
 */
export function loadTradingAccount(): Promise<void> {
  loading ??= tradeApi
    .brokerOptions()
    .then(async (options) => {
      if (!session.getState().isLogin) return;
      session.actions.setExchangeList(options.exchangeList);
      // spec §4 "Account list": with no sort index on any account, the first is made the default by a call
      // (the path is not in the spec: the sandbox's setDefaultAccount) and selected.
      await session.actions.applyAccountList(options.accountList, async (first) => {
        await tradeApi.setDefaultAccount(first.keyId);
      });
      session.actions.setTradingModes({ positionSide: options.positionSide, multiAssetsMargin: options.multiAssetsMargin });
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** The key id to trade with, or null (signed out, or still loading). */
export function useTradingAccount(): string | null {
  const isLogin = useSession((s) => s.isLogin);
  const keyId = useSession((s) => s.keyId);
  useEffect(() => {
    if (isLogin && keyId === null) loadTradingAccount().catch(() => {});
  }, [isLogin, keyId]);
  return isLogin ? keyId : null;
}
