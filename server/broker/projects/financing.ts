import type { BrokerProjectCalls } from '../../../contract/broker-projects.ts';
import { REDEEM_CODE_TYPE } from '../../../contract/broker-projects-rules.ts';
import { consumeCodes } from '../../identity/codes.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { badInput } from '../../platform/envelope.ts';
import { D } from '../../platform/decimal.ts';
import { checkIdRange } from '../accounts.ts';
import { checkBrokerSecondFactor } from '../second-factor.ts';
import { brokerMember } from '../org.ts';
import { plain } from '../valuation.ts';
import { addInvestor, decreaseCapital, increaseCapital, lockProject, planDecrease } from './capital.ts';
import { investorOf, projectOf } from './store.ts';
import { flowViewOf } from './views.ts';

type FinancingCalls =
  | '/broker/investor/list'
  | '/broker/investor/add'
  | '/broker/financing/increaseCapital'
  | '/broker/financing/preDecreaseCapital'
  | '/broker/financing/decreaseCapital';

/** The investors, and their capital increases and decreases (a decrease with the second factor, spec §6). */
export function financingHandlers(ctx: ApiContext): Pick<Handlers<BrokerProjectCalls>, FinancingCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/investor/list': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      if (body.projectNo) await projectOf(ctx.db, orgId, body.projectNo);
      const keyword = body.keyword?.trim().toLowerCase() ?? null;
      const rows = await ctx.db.query<{ id: string; name: string; email: string; projects: number; created_at: Date }>(
        `select i.id::text as id, i.name, i.email, i.created_at,
           (select count(*)::int from broker_holdings h where h.investor_id = i.id and h.units > 0) as projects
         from broker_investors i
         where i.org_id = $1 and ($2::text is null or exists (select 1 from broker_holdings h where h.investor_id = i.id and h.project_no = $2 and h.units > 0))
           and ($3::text is null or position($3 in lower(i.name)) > 0 or position($3 in lower(i.email)) > 0)
         order by lower(i.name), i.id`,
        [orgId, body.projectNo ?? null, keyword],
      );
      return rows.map((r) => ({ investorId: r.id, name: r.name, email: r.email, projectCount: r.projects, createdAt: r.created_at.toISOString() }));
    },

    '/broker/investor/add': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const row = await ctx.db.transaction((tx) => addInvestor(tx, orgId, body, auth.user.id, nowDate(ctx)));
      return { investorId: row.id, name: row.name, email: row.email, projectCount: 0, createdAt: row.created_at.toISOString() };
    },

    '/broker/financing/increaseCapital': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      if ((body.investorId === undefined) === (body.investor === undefined)) {
        throw badInput(body.investorId === undefined ? 'investorId' : 'investor', 'oneOf', 'Name an investor or a new one');
      }
      if (body.investorId) checkIdRange(body.investorId, 'investorId');
      const at = nowDate(ctx);
      const flow = await ctx.db.transaction((tx) =>
        increaseCapital(
          tx,
          {
            orgId,
            projectNo: body.projectNo,
            investor: body.investorId ? { id: body.investorId } : body.investor!,
            amount: new D(body.amount),
            operatorId: auth.user.id,
            requestId: body.requestId,
            ...(body.remark === undefined ? {} : { remark: body.remark }),
          },
          at,
        ),
      );
      return flowViewOf(ctx.db, flow.flow.id);
    },

    '/broker/financing/preDecreaseCapital': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      checkIdRange(body.investorId, 'investorId');
      const at = nowDate(ctx);
      // Read in a transaction that brings the project's records up to date first (the NAV of now).
      const plan = await ctx.db.transaction(async (tx) => {
        const project = await lockProject(tx, orgId, body.projectNo, at);
        await investorOf(tx, orgId, body.investorId);
        return planDecrease(tx, project, body.investorId, body);
      });
      return {
        projectNo: body.projectNo,
        investorId: body.investorId,
        units: plain(plan.units),
        nav: plain(plan.nav),
        navDay: plan.navDay,
        amount: plain(plan.amount),
        principalReduced: plain(plan.principalReduced),
        unitsLeft: plain(plan.unitsLeft),
        available: plain(plan.available),
      };
    },

    '/broker/financing/decreaseCapital': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      checkIdRange(body.investorId, 'investorId');
      const at = nowDate(ctx);
      // A replay of a made decrease answers without a second factor; otherwise check the request before the code.
      const replay = await ctx.db.query<{ id: string }>('select id::text as id from broker_capital_flows where org_id = $1 and request_id = $2', [orgId, body.requestId]);
      if (!replay[0]) {
        await projectOf(ctx.db, orgId, body.projectNo);
        if ((body.units === undefined) === (body.amount === undefined)) throw badInput(body.units === undefined ? 'units' : 'amount', 'oneOf', 'Give either units or an amount');
      }
      const codeUuid = replay[0] ? null : await checkBrokerSecondFactor(ctx, auth, body, REDEEM_CODE_TYPE);
      const flow = await ctx.db.transaction(async (tx) => {
        const made = await decreaseCapital(
          tx,
          { orgId, projectNo: body.projectNo, investorId: body.investorId, ask: body, operatorId: auth.user.id, requestId: body.requestId, ...(body.remark === undefined ? {} : { remark: body.remark }) },
          at,
        );
        // The code is used up with the money it moved (a replay met inside the transaction leaves it usable).
        if (codeUuid && made.created) await consumeCodes(ctx, tx, [codeUuid]);
        return made.flow;
      });
      return flowViewOf(ctx.db, flow.id);
    },
  };
}
