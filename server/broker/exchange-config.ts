import { BROKER_EXCHANGE_RULES, BROKER_EXCHANGES } from '../../contract/broker-rules.ts';
import type { BrokerAccountCalls } from '../../contract/broker.ts';
import type { ApiContext } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { brokerMember } from './org.ts';

type ConfigCalls = '/broker/account/checkIsExistMasterApi' | '/broker/subAccount/type/queryUserConfig' | '/broker/masterAccountConfig/getMasterConfigList';

/** The exchanges' rules for sub-accounts and keys, with the organisation's count of sub-accounts on each. */
export function exchangeConfigHandlers(ctx: ApiContext): Pick<Handlers<BrokerAccountCalls>, ConfigCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  const subAccountCounts = async (orgId: string) => {
    const rows = await ctx.db.query<{ exchange_code: string; n: number }>(
      'select exchange_code, count(*)::int as n from broker_accounts where org_id = $1 and deleted_at is null group by 1',
      [orgId],
    );
    return new Map(rows.map((r) => [r.exchange_code, r.n]));
  };

  return {
    '/broker/account/checkIsExistMasterApi': async ({ body, auth }) => {
      await member(auth.user.id);
      return { exchangeCode: body.exchangeCode, exist: BROKER_EXCHANGE_RULES[body.exchangeCode].masterApi };
    },

    '/broker/subAccount/type/queryUserConfig': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const counts = await subAccountCounts(orgId);
      return BROKER_EXCHANGES.filter((e) => !body.exchangeCode || e === body.exchangeCode).map((e) => ({
        exchangeCode: e,
        subAccountTypes: [...BROKER_EXCHANGE_RULES[e].kinds],
        maxSubAccounts: BROKER_EXCHANGE_RULES[e].maxSubAccounts,
        subAccountCount: counts.get(e) ?? 0,
      }));
    },

    '/broker/masterAccountConfig/getMasterConfigList': async ({ auth }) => {
      const { orgId } = await member(auth.user.id);
      const counts = await subAccountCounts(orgId);
      return BROKER_EXCHANGES.map((e) => {
        const rule = BROKER_EXCHANGE_RULES[e];
        return {
          exchangeCode: e,
          masterApi: rule.masterApi,
          subAccountTypes: [...rule.kinds],
          permissions: [...rule.permissions],
          passphraseRequired: rule.passphrase,
          maxSubAccounts: rule.maxSubAccounts,
          maxKeysPerAccount: rule.maxKeysPerAccount,
          subAccountCount: counts.get(e) ?? 0,
        };
      });
    },
  };
}
