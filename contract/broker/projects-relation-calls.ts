import Type from 'typebox';
import { userPost } from '../call.ts';
import { Amount, Id, Strict, StringEnum, Text, Nullable } from '../schema.ts';
import { SUB_ACCOUNT_KINDS } from '../broker-rules.ts';
import { MAX_RELATION_REMARK } from '../broker-projects-rules.ts';
import { ExchangeCode, ProjectNo, ProjectRelation } from './projects-shapes.ts';

/** A project's sub-accounts (spec §7 account/project/relation/*). */
export const projectRelationCalls = {
  /** The sub-accounts of a project: its primary one first, then the linked ones. */
  '/broker/account/project/relation/queryBrokerAccount': userPost(Strict({ projectNo: ProjectNo }), Type.Array(ProjectRelation)),
  /** The sub-accounts that could be linked to a project: its exchange's, in no project; `selectable` only when they hold nothing. */
  '/broker/account/project/relation/querySelectBrokerAccount': userPost(
    Strict({ projectNo: ProjectNo }),
    Type.Array(
      Type.Object({
        brokerAccountId: Id,
        exchangeCode: ExchangeCode,
        subAccountName: Type.String(),
        accountType: StringEnum([...SUB_ACCOUNT_KINDS]),
        /** USDT value of everything it holds (spec: a linked account must hold nothing when linked). */
        valueUsdt: Amount,
        selectable: Type.Boolean(),
        reason: Nullable(StringEnum(['notEmpty'])),
      }),
    ),
  ),
  /** Links a sub-account (same exchange, in no project, holding nothing) to a project. */
  '/broker/account/project/relation/add': userPost(
    Strict({ projectNo: ProjectNo, brokerAccountId: Id, remark: Type.Optional(Text(0, MAX_RELATION_REMARK)) }),
    ProjectRelation,
  ),
  /** Changes a link's remark. */
  '/broker/account/project/relation/update': userPost(Strict({ relationId: Id, remark: Text(0, MAX_RELATION_REMARK) }), ProjectRelation),
  /** Unlinks a linked sub-account (it must hold nothing; the primary one cannot be unlinked: 10460). */
  '/broker/account/project/relation/delete': userPost(Strict({ relationId: Id }), Type.Object({ relationId: Id })),
};
