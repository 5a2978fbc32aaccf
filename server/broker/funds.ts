import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { BROKER_EXCHANGE_RULES, type BrokerExchange, type BrokerWallet } from '../../contract/broker-rules.ts';
import { BROKER_EXPORT_TIME_ZONE, type BrokerCodeType, OPERATION_KIND_OF } from '../../contract/broker-funds-rules.ts';
import zh from '../../locales/zh-HK/broker-export.json' with { type: 'json' };
import { type BrokerFundCalls, brokerFundCalls } from '../../contract/broker-funds.ts';
import { COIN_NETWORKS, coinNetwork, NETWORKS, type Network } from '../../contract/chains.ts';
import { checkCode, consumeCodes, issueCode } from '../identity/codes.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import type { Auth } from '../identity/sessions.ts';
import { writeOutbox } from '../identity/outbox.ts';
import { checkGa } from '../identity/totp.ts';
import type { Queryable } from '../platform/db/client.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { D, db as dbAmount, ZERO } from '../platform/decimal.ts';
import { zonedFormatter } from '../platform/xlsx.ts';
import { accountOf, checkIdRange } from './accounts.ts';
import { APPLICATION_COLUMNS, APPLICATION_FROM, type ApplicationRow, applicationOf, applicationView } from './applications.ts';
import { brokerFundLists } from './fund-records.ts';
import { brokerMember, brokerMembers } from './org.ts';
import { projectOfAccount } from './projects/store.ts';
import { plain } from './valuation.ts';

/**
 * Transfers, withdrawals and approvals (issue 14; spec §4 "Broker states"; server/broker/README.md "Transfers,
 * withdrawals and approvals"). A member applies: the amount is held on the source wallet (ledger bucket `locked`,
 * kind `broker_transfer_hold`). Another member of the same organisation approves (maker-checker, 10451 for the
 * applicant): a transfer moves the held amount to the destination wallet (`broker_transfer`, done), a withdrawal
 * pays it out (`broker_withdraw`: to `chain:<network>` less the network fee, which goes to `fees`, approved and done
 * after the chain's confirmations; to the master account `exchange:<code>`, done). Or rejects it: the hold is
 * released (`broker_release`). Every step is one database transaction with its operation log row, idempotent on the
 * client's requestId; the application row is locked before its state is read, so of racing decisions one wins.
 */

/**
 * The second factor of a money call (spec §6: anything that spends money): an e-mail code of the call's own business
 * type sent to the caller's e-mail (fundTransfer/invokeEmailValidation), and the current Google code when an
 * authenticator is bound. Wrong codes count towards their locks (checkCode, checkGa). Returns the e-mail code's id,
 * to be used up by `consumeCodes` inside the transaction that moves the money.
 */
export async function checkBrokerSecondFactor(
  ctx: ApiContext,
  auth: Auth,
  factors: { emailUuid?: string | undefined; emailCode?: string | undefined; gaCode?: string | undefined },
  businessType: BrokerCodeType,
): Promise<string> {
  if (factors.emailCode === undefined) throw badInput('emailCode', 'required', 'An e-mail verification code is required');
  if (auth.user.ga_secret && !factors.gaCode) throw badInput('gaCode', 'required', 'Google verification code is required');
  const uuid = await checkCode(ctx, {
    channel: 'email',
    uuid: factors.emailUuid,
    code: factors.emailCode,
    businessTypes: [businessType],
    destination: auth.user.email_lower,
    userId: auth.user.id,
  });
  await checkGa(ctx, auth.user, factors.gaCode);
  return uuid;
}

interface OperationInput {
  orgId: string;
  type: string;
  applicationId: string | null;
  operatorId: number;
  accountId: string | null;
  counterparty: string | null;
  asset: string;
  amount: Decimal | string;
  fee?: Decimal | string;
  remark?: string;
}

/** One operation log row, in the caller's transaction (spec §4 operation log types). */
export async function logOperation(tx: Queryable, op: OperationInput, at: Date): Promise<void> {
  await tx.query(
    `insert into broker_operations (org_id, operation_type, application_id, operator_id, account_id, counterparty, asset, amount, fee, remark, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [op.orgId, op.type, op.applicationId, op.operatorId, op.accountId, op.counterparty, op.asset, dbAmount(new D(op.amount)), dbAmount(new D(op.fee ?? 0)), op.remark ?? '', at],
  );
}

/** The operation log row of a decision on an application (spec §4 `<kind>_approved` / `<kind>_rejected`). */
function logDecision(tx: Queryable, row: ApplicationRow, outcome: 'approved' | 'rejected', operatorId: number, remark: string, at: Date): Promise<void> {
  return logOperation(
    tx,
    {
      orgId: row.org_id,
      type: `${OPERATION_KIND_OF[row.type]}_${outcome}`,
      applicationId: row.id,
      operatorId,
      accountId: row.from_account_id,
      counterparty: row.type === 'transfer' ? `${row.to_name}/${row.to_wallet}` : `${row.address_name} (${row.network})`,
      asset: row.asset,
      amount: row.amount,
      fee: row.fee,
      remark,
    },
    at,
  );
}

/**
 * The organisation's notification e-mails (messageConfig/*, confirmed and subscribed to the event): `application`
 * when a member applies, `decision` when an application is approved or rejected. Written to the outbox in the
 * action's own transaction, in zh-HK (locales/zh-HK/broker-export.json `notify`).
 */
async function notifyMembers(ctx: ApiContext, tx: Queryable, row: ApplicationRow, event: 'application' | 'decision', outcome: 'approved' | 'rejected' | null, at: Date): Promise<void> {
  const targets = await tx.query<{ email_lower: string }>(
    `select email_lower from broker_message_configs where org_id = $1 and status = 'active' and deleted_at is null and $2 = any(events) order by id`,
    [row.org_id, event],
  );
  if (targets.length === 0) return;
  const n = zh.notify;
  const values = {
    type: n.types[row.type],
    amount: plain(row.amount),
    asset: row.asset,
    applicant: row.applicant,
    approver: row.approver ?? '',
    outcome: outcome ? n.outcomes[outcome] : '',
    time: zonedFormatter(BROKER_EXPORT_TIME_ZONE).time(at),
    from: `${row.from_name}/${row.from_wallet}`,
    to: row.type === 'transfer' ? `${row.to_name}/${row.to_wallet}` : `${row.address_name} (${row.network})`,
    id: row.id,
  };
  const fill = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k as keyof typeof values] ?? ''));
  const text = event === 'application' ? n.application : n.decision;
  for (const target of targets) {
    await writeOutbox(ctx, tx, { channel: 'email', destination: target.email_lower, businessType: event === 'application' ? 'brokerApplication' : 'brokerDecision', subject: fill(text.subject), body: fill(text.body), userId: null });
  }
}

/** Decimals an amount of the asset may carry: the most of its networks (contract/chains.ts), else 8. */
function assetDecimals(asset: string): number {
  const networks = COIN_NETWORKS.filter((n) => n.asset === asset);
  return networks.length ? Math.max(...networks.map((n) => n.decimals)) : 8;
}

interface AddressRow {
  id: string;
  exchange: string;
  asset: string;
  network: Network;
  address: string;
  memo: string | null;
  name: string;
  address_type: 'broker' | 'master';
}

/** Where a withdrawal may go: the organisation's whitelisted entries of the exchange and asset (spec §5). */
export async function whitelistedAddresses(db: Queryable, orgId: string, exchange: string, asset: string, network?: string): Promise<AddressRow[]> {
  return db.query<AddressRow>(
    `select id::text as id, exchange, asset, network, address, memo, name, address_type from broker_addresses
     where org_id = $1 and exchange = $2 and asset = $3 and ($4::text is null or network = $4) and status = 'whitelisted' and deleted_at is null
     order by address_type, id`,
    [orgId, exchange, asset, network ?? null],
  );
}

type ApplyBody = Static<BrokerFundCalls['/broker/fundTransfer/apply']['body']>;

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

export function brokerFundRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  const replayOf = async (orgId: string, requestId: string) => {
    const rows = await ctx.db.query<ApplicationRow>(`select ${APPLICATION_COLUMNS} from ${APPLICATION_FROM} where x.org_id = $1 and x.request_id = $2`, [orgId, requestId]);
    return rows[0];
  };

  /** What an application will move, checked: the destination (transfer) or the whitelisted address, the fee. */
  const checkApplication = async (db: Queryable, orgId: string, body: ApplyBody) => {
    const amount = new D(body.amount);
    if (amount.lte(0)) throw badInput('amount', 'positive', 'The amount must be above zero');
    const decimals = assetDecimals(body.asset);
    if (amount.decimalPlaces() > decimals) throw badInput('amount', 'decimals', `At most ${decimals} decimals`);
    const from = await accountOf(db, orgId, body.fromAccountId);
    // Money leaves a project's sub-account only through the project's own calls (issue 15: capital decrease,
    // interest payment, profit withdrawal and allocation), never by a transfer or withdrawal application.
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

  serveCalls(ctx, app, brokerFundCalls, {
    '/broker/fundTransfer/invokeEmailValidation': async ({ body, auth }) => {
      await member(auth.user.id);
      const { uuid } = await issueCode(ctx, {
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
      await checkApplication(ctx.db, orgId, body);
      const codeUuid = body.type === 'withdraw' ? await checkBrokerSecondFactor(ctx, auth, body, 'brokerWithdraw') : null;
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

    '/broker/fundTransfer/approve': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const current = await applicationOf(ctx.db, orgId, body.applicationId);
      // A retry of this decision returns the application as it is now.
      if (current.decision_request_id === body.requestId && current.approver_id === auth.user.id && current.status !== 'rejected') {
        return applicationView(current, auth.user.id);
      }
      if (current.applicant_id === auth.user.id) throw new ApiError(Code.brokerSelfApproval);
      if (current.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: current.status });
      const codeUuid = await checkBrokerSecondFactor(ctx, auth, body, 'brokerApprove');
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        const row = await applicationOf(tx, orgId, body.applicationId, true);
        if (row.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: row.status });
        await consumeCodes(ctx, tx, [codeUuid]);
        const amount = new D(row.amount);
        const fee = new D(row.fee);
        const entry = new Entry(row.type === 'transfer' ? 'broker_transfer' : 'broker_withdraw', `broker_application:${row.id}`, auth.user.id, row.from_account_id).broker(
          row.from_account_id,
          row.from_wallet,
          row.asset,
          amount.neg(),
          'locked',
        );
        let status: 'approved' | 'done' = 'done';
        let completesAt: Date = at;
        if (row.type === 'transfer') {
          // The destination must still be bound (an unbound sub-account takes nothing in), and in no project: it may
          // have been linked to one since (its row locked, as linking locks it).
          await accountOf(tx, orgId, row.to_account_id!, true);
          const intoProject = await projectOfAccount(tx, row.to_account_id!);
          if (intoProject) throw new ApiError(Code.projectAccountLocked, { projectNo: intoProject, field: 'toAccountId' });
          entry.broker(row.to_account_id!, row.to_wallet!, row.asset, amount);
        } else if (row.address_type === 'master') {
          entry.provider(`exchange:${row.exchange_code}`, row.asset, amount);
        } else {
          const network = NETWORKS[row.network as Network];
          entry.provider(`chain:${row.network}`, row.asset, amount.sub(fee)).provider('fees', row.asset, fee);
          status = 'approved';
          completesAt = new Date(at.getTime() + network.confirmations * network.blockSeconds * 1000);
        }
        await post(tx, entry, at);
        await tx.query(
          `update broker_applications set status = $2, approver_id = $3, decision_request_id = $4, decided_at = $5, completes_at = $6, completed_at = $7
           where id = $1`,
          [row.id, status, auth.user.id, body.requestId, at, completesAt, status === 'done' ? at : null],
        );
        await logDecision(tx, row, 'approved', auth.user.id, row.remark, at);
        await notifyMembers(ctx, tx, await applicationOf(tx, orgId, row.id), 'decision', 'approved', at);
      });
      return applicationView(await applicationOf(ctx.db, orgId, body.applicationId), auth.user.id);
    },

    '/broker/fundTransfer/reject': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const id = await ctx.db.transaction(async (tx) => {
        const row = await applicationOf(tx, orgId, body.applicationId, true);
        if (row.decision_request_id === body.requestId && row.approver_id === auth.user.id && row.status === 'rejected') return row.id;
        if (row.applicant_id === auth.user.id) throw new ApiError(Code.brokerSelfApproval);
        if (row.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: row.status });
        const amount = new D(row.amount);
        await post(
          tx,
          new Entry('broker_release', `broker_application:${row.id}`, auth.user.id, row.from_account_id)
            .broker(row.from_account_id, row.from_wallet, row.asset, amount.neg(), 'locked')
            .broker(row.from_account_id, row.from_wallet, row.asset, amount, 'free'),
          at,
        );
        await tx.query(
          `update broker_applications set status = 'rejected', approver_id = $2, decision_request_id = $3, decided_at = $4, reject_reason = $5 where id = $1`,
          [row.id, auth.user.id, body.requestId, at, body.reason ?? null],
        );
        await logDecision(tx, row, 'rejected', auth.user.id, body.reason ?? '', at);
        await notifyMembers(ctx, tx, await applicationOf(tx, orgId, row.id), 'decision', 'rejected', at);
        return row.id;
      });
      return applicationView(await applicationOf(ctx.db, orgId, id), auth.user.id);
    },

    '/broker/fundTransfer/listBrokerAccountAvailableTransfer': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const from = await accountOf(ctx.db, orgId, body.fromAccountId);
      const rows = await ctx.db.query<{ id: string; exchange_code: BrokerExchange; name: string; kind: 'regular' | 'custodial' | 'asset_management' }>(
        // A project's sub-accounts take no transfer (issue 15: money moves in and out of them only through the project).
        `select a.id::text as id, a.exchange_code, a.name, a.kind from broker_accounts a where a.org_id = $1 and a.exchange_code = $2 and a.deleted_at is null
           and not exists (select 1 from broker_project_accounts r where r.account_id = a.id and r.unlinked_at is null) order by a.id`,
        [orgId, from.exchange_code],
      );
      return rows.map((r) => ({ brokerAccountId: r.id, exchangeCode: r.exchange_code, subAccountName: r.name, accountType: r.kind, sameAccount: r.id === from.id }));
    },

    '/broker/fundTransfer/accountActions': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const account = await accountOf(ctx.db, orgId, query.brokerAccountId);
      const free = await ctx.db.query<{ asset: string }>('select distinct asset from broker_balances where account_id = $1 and free > 0', [account.id]);
      const whitelisted = await ctx.db.query('select 1 from broker_addresses where org_id = $1 and exchange = $2 and status = $3 and deleted_at is null limit 1', [
        orgId,
        account.exchange_code,
        'whitelisted',
      ]);
      const offersWithdraw = BROKER_EXCHANGE_RULES[account.exchange_code].permissions.includes('withdraw');
      const noBalance = free.length === 0;
      // A project's sub-account: money leaves it only through the project (issue 15).
      if (await projectOfAccount(ctx.db, account.id)) {
        return {
          brokerAccountId: account.id,
          exchangeCode: account.exchange_code,
          actions: (['transfer', 'withdraw'] as const).map((action) => ({ action, enabled: false, reason: 'projectAccount' as const })),
        };
      }
      return {
        brokerAccountId: account.id,
        exchangeCode: account.exchange_code,
        actions: [
          { action: 'transfer' as const, enabled: !noBalance, reason: noBalance ? ('noBalance' as const) : null },
          {
            action: 'withdraw' as const,
            enabled: offersWithdraw && !noBalance && whitelisted.length > 0,
            reason: !offersWithdraw ? ('notOffered' as const) : noBalance ? ('noBalance' as const) : whitelisted.length === 0 ? ('noWhitelistedAddress' as const) : null,
          },
        ],
      };
    },

    '/broker/fundTransfer/accounts': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const accounts = await ctx.db.query<{ id: string; exchange_code: BrokerExchange; name: string; kind: 'regular' | 'custodial' | 'asset_management' }>(
        // A project's sub-accounts are no source: money leaves them only through the project (issue 15).
        `select a.id::text as id, a.exchange_code, a.name, a.kind from broker_accounts a where a.org_id = $1 and a.deleted_at is null and ($2::text is null or a.exchange_code = $2)
           and not exists (select 1 from broker_project_accounts r where r.account_id = a.id and r.unlinked_at is null) order by a.id`,
        [orgId, query.exchangeCode ?? null],
      );
      const balances = await ctx.db.query<{ id: string; wallet: BrokerWallet; asset: string; free: string; locked: string }>(
        `select b.account_id::text as id, b.wallet, b.asset, b.free::text as free, b.locked::text as locked from broker_balances b
         where b.account_id = any($1::bigint[]) and b.free > 0 and ($2::text is null or b.asset = $2)
         order by b.account_id, array_position(array['spot', 'funding', 'earn', 'futures'], b.wallet), b.asset`,
        [accounts.map((a) => a.id), query.asset ?? null],
      );
      return accounts.map((a) => ({
        brokerAccountId: a.id,
        exchangeCode: a.exchange_code,
        subAccountName: a.name,
        accountType: a.kind,
        balances: balances.filter((b) => b.id === a.id).map((b) => ({ wallet: b.wallet, asset: b.asset, free: plain(b.free), locked: plain(b.locked) })),
      }));
    },

    '/broker/fundTransfer/queryTransferAvailable': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const account = await accountOf(ctx.db, orgId, query.brokerAccountId);
      const rows = await ctx.db.query<{ free: string; locked: string }>(
        'select free::text as free, locked::text as locked from broker_balances where account_id = $1 and wallet = $2 and asset = $3',
        [account.id, query.wallet, query.asset],
      );
      const free = rows[0]?.free ?? '0';
      return { brokerAccountId: account.id, wallet: query.wallet, asset: query.asset, free: plain(free), locked: plain(rows[0]?.locked ?? '0'), available: plain(free) };
    },

    '/broker/transfer/organization': async ({ auth }) => {
      const me = await member(auth.user.id);
      const members = await brokerMembers(ctx.db, me.orgId);
      const counts = await ctx.db.query<{ applying: number; others: number }>(
        `select count(*)::int as applying, (count(*) filter (where applicant_id <> $2))::int as others
         from broker_applications where org_id = $1 and status = 'applying'`,
        [me.orgId, auth.user.id],
      );
      return {
        orgId: me.orgId,
        members: members.map((m) => ({ email: m.email, role: m.role, isMe: m.userId === auth.user.id })),
        applying: counts[0]?.applying ?? 0,
        awaitingMe: counts[0]?.others ?? 0,
        canBeApproved: members.length > 1,
      };
    },

    '/broker/deposit/listWithdrawProduct': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const account = await accountOf(ctx.db, orgId, body.brokerAccountId);
      const balances = await ctx.db.query<{ wallet: BrokerWallet; asset: string; free: string }>(
        `select wallet, asset, free::text as free from broker_balances where account_id = $1 and free > 0
         order by array_position(array['spot', 'funding', 'earn', 'futures'], wallet)`,
        [account.id],
      );
      const assets = [...new Set(COIN_NETWORKS.map((n) => n.asset))].sort();
      return assets.map((asset) => ({
        asset,
        networks: COIN_NETWORKS.filter((n) => n.asset === asset).map((n) => n.network),
        balances: balances.filter((b) => b.asset === asset).map((b) => ({ wallet: b.wallet, free: plain(b.free) })),
      }));
    },

    '/broker/deposit/listWithdrawMethod': async ({ body, auth }) => {
      await member(auth.user.id);
      return COIN_NETWORKS.filter((n) => n.asset === body.asset).map((n) => ({
        network: n.network,
        label: NETWORKS[n.network].label,
        fee: n.withdrawFee,
        masterFee: '0',
        min: n.withdrawMin,
        max: n.withdrawMax,
        decimals: n.decimals,
      }));
    },

    '/broker/deposit/listWithdrawAddress': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const account = await accountOf(ctx.db, orgId, body.brokerAccountId);
      const rows = await whitelistedAddresses(ctx.db, orgId, account.exchange_code, body.asset, body.network);
      return rows.map((a) => ({ addressId: a.id, name: a.name, addressType: a.address_type, network: a.network, address: a.address, memo: a.memo }));
    },

    ...brokerFundLists(ctx),
  });
}
