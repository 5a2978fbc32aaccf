import { COIN_NETWORKS, coinNetwork, NETWORKS } from '../../contract/chains.ts';
import { KYC_LEVEL_FOR } from '../../contract/rules.ts';
import { ACCOUNT_TYPE_CODES, type AccountType } from '../../contract/accounts.ts';
import type { ApiContext } from '../platform/context.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { kycState } from '../identity/kyc.ts';
import { D, out } from '../platform/decimal.ts';
import { depositAddress, sweep } from './chain.ts';
import type { Handlers } from '../platform/contract.ts';
import type { WalletCalls } from '../../contract/wallet.ts';



/** Balances per account type, the supported assets and networks, and deposit addresses (contract/wallet.ts). */
export function assetHandlers(ctx: ApiContext): Pick<Handlers<WalletCalls>, '/user/assets' | '/account/wallet/listAllSupportedCryptoAsset' | '/account/wallet/getDepositAddress'> {
  return {
    '/user/assets': async ({ auth }) => {
      await sweep(ctx);
      const rows = await ctx.db.query<{ account_type: AccountType; asset: string; free: string; locked: string }>(
        `select account_type, asset, free::text as free, locked::text as locked from balances
         where user_id = $1 and (free <> 0 or locked <> 0) order by account_type, asset`,
        [auth.user.id],
      );
      return {
        accounts: ACCOUNT_TYPE_CODES.map((accountType) => ({
          accountType,
          balances: rows.filter((r) => r.account_type === accountType).map((r) => ({ asset: r.asset, free: out(new D(r.free)), locked: out(new D(r.locked)) })),
        })),
      };
    },

    '/account/wallet/listAllSupportedCryptoAsset': async () => {
      const assets = [...new Set(COIN_NETWORKS.map((n) => n.asset))];
      return assets.map((asset) => ({
        asset,
        networks: COIN_NETWORKS.filter((n) => n.asset === asset).map((n) => ({
          network: n.network,
          label: NETWORKS[n.network].label,
          confirmations: NETWORKS[n.network].confirmations,
          decimals: n.decimals,
          withdrawFee: n.withdrawFee,
          withdrawMin: n.withdrawMin,
          withdrawMax: n.withdrawMax,
          depositMin: n.depositMin,
          memo: NETWORKS[n.network].memo,
        })),
      }));
    },

    '/account/wallet/getDepositAddress': async ({ body, auth }) => {
      const net = coinNetwork(body.asset, body.network);
      if (!net) throw badInput('network', 'unsupported', `${body.asset} is not deposited on ${body.network}`);
      if (auth.user.disabled_features.includes('wallet') || auth.user.disabled_features.includes('recharge')) {
        throw new ApiError(Code.serviceSuspended, { feature: auth.user.disabled_features.includes('wallet') ? 'wallet' : 'recharge' });
      }
      // spec §6: basic KYC unlocks crypto deposits.
      if ((await kycState(ctx.db, auth.user.id))[KYC_LEVEL_FOR.coin].status !== 'Certified') {
        throw new ApiError(Code.kycState, { level: KYC_LEVEL_FOR.coin });
      }
      const { address, memo } = await depositAddress(ctx, auth.user.id, body.network);
      return { asset: body.asset, network: body.network, address, memo, confirmations: NETWORKS[body.network].confirmations, depositMin: net.depositMin };
    },

  };
}
