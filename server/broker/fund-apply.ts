import type { Static } from 'typebox';
import { BROKER_EXCHANGE_RULES } from '../../contract/broker-rules.ts';
import { OPERATION_KIND_OF } from '../../contract/broker-funds-rules.ts';
import type { BrokerFundCalls } from '../../contract/broker-funds.ts';
import { COIN_NETWORKS, coinNetwork } from '../../contract/chains.ts';
import { consumeCodes, issueCode } from '../identity/codes.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { D, db as dbAmount, ZERO } from '../platform/decimal.ts';
import { accountOf, checkIdRange } from './accounts.ts';
import { APPLICATION, type ApplicationRow, applicationOf, applicationView } from './applications.ts';
import { checkAddressUsable, whitelistedAddresses } from './addresses.ts';
import { logOperation, notifyMembers } from './fund-log.ts';
import { orgRowByRequest } from './lists.ts';
import { brokerMember } from './org.ts';
import { projectOfAccount } from './projects/store.ts';
import { checkBrokerSecondFactor } from './second-factor.ts';
import { applicationDecisionOperation, brokerWithdrawOperation, profitDecisionOperation } from './code-operations.ts';
import { profitApplicationOf } from './profit/applications.ts';
import { controlDecisionOperation, requestOf } from './controls.ts';
import type { Operation } from '../identity/operations.ts';
import { plain } from './valuation.ts';

/** Decimals an amount of the asset may carry: the most of its networks (contract/chains.ts), else 8. */
function assetDecimals(asset: string): number {
  const networks = COIN_NETWORKS.filter((n) => n.asset === asset);
  return networks.length ? Math.max(...networks.map((n) => n.decimals)) : 8;
}

type ApplyBody = Static<BrokerFundCalls['/broker/fundTransfer/apply']['body']>;
type CodeBody = Static<BrokerFundCalls['/broker/fundTransfer/invokeEmailValidation']['body']>;

/** Same request: the fields that define what an application moves. */
function sameRequest(row: ApplicationRow, body: ApplyBody): boolean {
  return (
    row.type === body.type &&
    row.from_account_id === body.fromAccountId &&
    row.from_wallet === body.fromWallet &&
    row.asset === body.asset &&
    new D(row.amount).eq(body.amount) &&
    (row.to_account_id ?? undefined) === body.toAccountId &&
    (row.to_wallet ?? undefined) === body.toWallet &&
    (row.address_id ?? undefined) === body.addressId
  );
}

/** What an application will move, checked: the destination (transfer) or the whitelisted address, the fee. */
const checkApplication = async (db: Queryable, orgId: string, body: ApplyBody) => {
  const amount = new D(body.amount);
  if (amount.lte(0)) throw badInput('amount', 'positive', 'The amount must be above zero');
  const decimals = assetDecimals(body.asset);
  if (amount.decimalPlaces() > decimals) throw badInput('amount', 'decimals', `At most ${decimals} decimals`);
  const from = await accountOf(db, orgId, body.fromAccountId);
  // Money leaves a project's sub-account only through the project's own calls (server/broker/README.md "Projects":
  // capital decrease, interest payment, profit withdrawal and allocation), never by a transfer or withdrawal
  // application.
  const projectNo = await projectOfAccount(db, from.id);
  if (projectNo) throw new ApiError(Code.projectAccountLocked, { projectNo });
  if (body.type === 'transfer') {
    if (body.addressId !== undefined) throw badInput('addressId', 'notUsed', 'A transfer has no address');
    if (body.toAccountId === undefined) throw badInput('toAccountId', 'required', 'The destination sub-account is required');
    if (body.toWallet === undefined) throw badInput('toWallet', 'required', 'The destination wallet is required');
    checkIdRange(body.toAccountId, 'toAccountId');
    const to = await accountOf(db, orgId, body.toAccountId).catch(() => {
      throw new ApiError(Code.notFound, { field: 'toAccountId' });
    });
    if (to.exchange_code !== from.exchange_code) throw new ApiError(Code.brokerTransferCrossExchange, { exchangeCode: from.exchange_code });
    // Nor into one: money put in without units would show as the investors' profit (a capital increase buys units;
    // the broker's own money goes in by project/addInferiorTransferRecord).
    const intoProject = await projectOfAccount(db, to.id);
    if (intoProject) throw new ApiError(Code.projectAccountLocked, { projectNo: intoProject, field: 'toAccountId' });
    if (to.id === from.id && body.toWallet === body.fromWallet) throw badInput('toWallet', 'same', 'The destination is the source wallet');
    return { from, to, amount, fee: ZERO, address: null };
  }
  if (body.toAccountId !== undefined || body.toWallet !== undefined) throw badInput(body.toAccountId !== undefined ? 'toAccountId' : 'toWallet', 'notUsed', 'A withdrawal goes to an address');
  if (body.addressId === undefined) throw badInput('addressId', 'required', 'The whitelisted address is required');
  checkIdRange(body.addressId, 'addressId');
  if (!BROKER_EXCHANGE_RULES[from.exchange_code].permissions.includes('withdraw')) throw new ApiError(Code.brokerAddressNotWhitelisted, { exchangeCode: from.exchange_code });
  const address = (await whitelistedAddresses(db, orgId, from.exchange_code, body.asset)).find((a) => a.id === body.addressId);
  if (!address) throw new ApiError(Code.brokerAddressNotWhitelisted, { addressId: body.addressId });
  const network = coinNetwork(body.asset, address.network);
  if (!network) throw new ApiError(Code.brokerAddressNotWhitelisted, { addressId: body.addressId });
  // To the master account on the exchange: an internal move, no network fee; on chain the network's fee (spec §5:
  // the amount must exceed the fee, within the minimum and maximum).
  const fee = address.address_type === 'master' ? ZERO : new D(network.withdrawFee);
  if (amount.lt(network.withdrawMin) || amount.gt(network.withdrawMax) || amount.lte(fee) || amount.decimalPlaces() > network.decimals) {
    throw new ApiError(Code.brokerWithdrawAmount, { min: network.withdrawMin, max: network.withdrawMax, fee: plain(fee), decimals: network.decimals });
  }
  return { from, to: null, amount, fee, address };
};

/** A member's e-mail code for a money call, and an application: checked, held on the source wallet, logged, announced. */
export function applyHandlers(ctx: ApiContext): Pick<Handlers<BrokerFundCalls>, '/broker/fundTransfer/invokeEmailValidation' | '/broker/fundTransfer/apply'> {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  const replayOf = (orgId: string, requestId: string) => orgRowByRequest<ApplicationRow>(ctx.db, APPLICATION, orgId, requestId);

  /** What the code to be sent approves (code-operations.ts): checked like the call it is for, so the mail says what it is. */
  const codeOperation = async (orgId: string, body: CodeBody): Promise<Operation | undefined> => {
    const operation = body.operation;
    if (!operation) return undefined;
    const typeOf = { withdraw: 'brokerWithdraw', approve: 'brokerApprove', approveProfit: 'brokerApprove', approveControl: 'brokerApprove' } as const;
    if (typeOf[operation.kind] !== body.businessType) throw badInput('operation', 'notUsed', `A ${body.businessType} code does not approve a ${operation.kind}`);
    if (operation.kind === 'approve') return applicationDecisionOperation(await applicationOf(ctx.db, orgId, operation.applicationId));
    if (operation.kind === 'approveProfit') return profitDecisionOperation(await profitApplicationOf(ctx.db, orgId, operation.applicationId));
    if (operation.kind === 'approveControl') return controlDecisionOperation(await requestOf(ctx.db, orgId, operation.approvalId));
    const { kind: _kind, ...fields } = operation;
    const checked = await checkApplication(ctx.db, orgId, { type: 'withdraw', ...fields });
    return brokerWithdrawOperation(operation.requestId, operation, checked);
  };

  return {
    '/broker/fundTransfer/invokeEmailValidation': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const operation = await codeOperation(orgId, body);
      const { uuid } = await issueCode(ctx, {
        ...(operation ? { operation } : {}),
        channel: 'email',
        destination: auth.user.email_lower,
        businessType: body.businessType,
        userId: auth.user.id,
        account: auth.user.email_lower,
        ip: auth.ip,
      });
      return { uuid, expiresAt: new Date(nowDate(ctx).getTime() + ctx.limits.codeTtlMs).toISOString() };
    },

    '/broker/fundTransfer/apply': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const replay = async () => {
        const previous = await replayOf(orgId, body.requestId);
        if (!previous) return null;
        if (!sameRequest(previous, body)) throw new ApiError(Code.requestIdReused, { requestId: body.requestId });
        return applicationView(previous, auth.user.id);
      };
      const earlier = await replay();
      if (earlier) return earlier;
      const planned = await checkApplication(ctx.db, orgId, body);
      // A newly whitelisted address takes withdrawals 24 hours after it was confirmed (addresses.ts).
      if (planned.address) await checkAddressUsable(ctx.db, planned.address.id, nowDate(ctx));
      // A withdrawal's code must have been sent for this application, as it is (code-operations.ts).
      const codeUuid = body.type === 'withdraw' ? await checkBrokerSecondFactor(ctx, auth, body, 'brokerWithdraw', brokerWithdrawOperation(body.requestId, body, planned)) : null;
      const at = nowDate(ctx);
      const id = await ctx.db.transaction(async (tx) => {
        const checked = await checkApplication(tx, orgId, body);
        const inserted = await tx.query<{ id: string }>(
          `insert into broker_applications (org_id, type, status, from_account_id, from_wallet, to_account_id, to_wallet, asset, amount, fee,
             address_id, address_type, network, address, memo, address_name, remark, applicant_id, request_id, created_at)
           values ($1, $2, 'applying', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
           on conflict (org_id, request_id) do nothing returning id::text as id`,
          [
            orgId,
            body.type,
            body.fromAccountId,
            body.fromWallet,
            body.toAccountId ?? null,
            body.toWallet ?? null,
            body.asset,
            dbAmount(checked.amount),
            dbAmount(checked.fee),
            checked.address?.id ?? null,
            checked.address?.address_type ?? null,
            checked.address?.network ?? null,
            checked.address?.address ?? null,
            checked.address?.memo ?? null,
            checked.address?.name ?? null,
            body.remark ?? '',
            auth.user.id,
            body.requestId,
            at,
          ],
        );
        // The same requestId committed meanwhile (a parallel retry): answer with that one.
        if (!inserted[0]) return null;
        const appId = inserted[0].id;
        if (codeUuid) await consumeCodes(ctx, tx, [codeUuid]);
        // The hold: free → locked on the source wallet; fails with 10101 when the free balance does not cover it.
        await post(
          tx,
          new Entry('broker_transfer_hold', `broker_application:${appId}`, auth.user.id, body.fromAccountId)
            .broker(body.fromAccountId, body.fromWallet, body.asset, checked.amount.neg(), 'free')
            .broker(body.fromAccountId, body.fromWallet, body.asset, checked.amount, 'locked'),
          at,
        );
        await logOperation(
          tx,
          {
            orgId,
            type: `${OPERATION_KIND_OF[body.type]}_apply`,
            applicationId: appId,
            operatorId: auth.user.id,
            accountId: body.fromAccountId,
            counterparty: checked.to ? `${checked.to.name}/${body.toWallet}` : `${checked.address!.name} (${checked.address!.network})`,
            asset: body.asset,
            amount: checked.amount,
            fee: checked.fee,
            remark: body.remark ?? '',
          },
          at,
        );
        await notifyMembers(ctx, tx, await applicationOf(tx, orgId, appId), 'application', null, at);
        return appId;
      });
      if (id === null) return (await replay())!;
      return applicationView(await applicationOf(ctx.db, orgId, id), auth.user.id);
    },
  };
}
