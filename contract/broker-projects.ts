import Type from 'typebox';
import { publicGet, publicPost } from './call.ts';
import { Amount, Id, Strict } from './schema.ts';
import { ProjectNo, SignedAmount, UnitRecord } from './broker/projects-shapes.ts';
import { projectCalls } from './broker/projects-project-calls.ts';
import { projectRelationCalls } from './broker/projects-relation-calls.ts';
import { projectCapitalCalls } from './broker/projects-capital-calls.ts';

/**
 * Broker asset-management projects, their sub-accounts, investors and capital flows (spec §4 project
 * states, spec §7 "Broker calls": /broker/project, applyRecord/add, project/*, account/project/relation/*,
 * financing/*). The spec names the calls, not their fields: they are listed in server/broker/README.md "Projects".
 * Every call needs broker rights (403) and reaches only the caller's organisation: another organisation's project,
 * investor or sub-account is 404, exactly as a missing one. Constants in contract/broker-projects-rules.ts, the NAV
 * arithmetic in contract/broker-nav.ts.
 *
 * `investor/list` and `investor/add` are not in the spec's list: the capital calls name an investor (the broker's
 * client), and these two let the screens pick or add one.
 */
export * from './broker/projects-shapes.ts';

/** The calls, composed from one file per family (contract/broker/). */
export const brokerProjectCalls = {
  ...projectCalls,
  ...projectRelationCalls,
  ...projectCapitalCalls,
};

export type BrokerProjectCalls = typeof brokerProjectCalls;

/** Sandbox controls of the projects (server/broker/README.md "Projects"): not the provider's API; only with the dev routes. */
export const brokerProjectDevCalls = {
  /** Runs the daily zero-hour job now (it also runs after every sweep and clock advance); how many records it wrote. */
  '/_dev/broker/projects/runDaily': publicPost(undefined, Type.Object({ written: Type.Integer() })),
  /**
   * Empties a sub-account on its exchange (every free balance back to `exchange:<code>`, ledger
   * `broker_account_drain`), as a broker would by moving it away there: a sub-account with its seeded history can
   * then be linked to a project. Refused (400) for a project's sub-account or one holding something locked.
   */
  '/_dev/broker/accounts/drain': publicPost(Strict({ brokerAccountId: Id }), Type.Object({ brokerAccountId: Id, drained: Type.Integer() })),
  /** A project's zero-hour records, oldest first, each with its trades' count and Σ(realised P&L − fee). */
  '/_dev/broker/projects/records': publicGet(
    Strict({ projectNo: ProjectNo }),
    Type.Object({
      list: Type.Array(Type.Intersect([UnitRecord, Type.Object({ tradeCount: Type.Integer(), tradesNet: SignedAmount, interestAccrued: Amount, profitAccrued: Amount })])),
    }),
  ),
};
