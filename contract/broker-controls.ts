import Type from 'typebox';
import { userPost } from './call.ts';
import { Amount, Code6, CodeUuid, Id, IsoTime, Nullable, Page, PageCondition, Strict, StringEnum, Text } from './schema.ts';
import { API_KEY_PERMISSIONS, BROKER_EXCHANGES, BROKER_WALLETS } from './broker-rules.ts';

/**
 * Broker portal, maker-checker controls (spec §4 maker-checker, §6 whatever spends money; server/broker/README.md
 * "Maker-checker controls"). What one member asks for and a second member decides, besides the money applications
 * of contract/broker-funds.ts and contract/broker-profit.ts:
 *   - `api_key`: an API key with the transfers or withdraw permission (exchangeKey/insertBrokerExchangeKey), made
 *     `pending`; approved it goes live and its maker takes the secret (exchangeKey/claimSecret);
 *   - `unbind`: unbinding a sub-account that holds money (account/delete); approved, its balances go back to the
 *     exchange and it is unbound; nothing moves before.
 * The checker is another member with advanced KYC certified and a bound authenticator (10490); approving takes an
 * e-mail code of business type brokerApprove and the current Google code, rejecting the Google code. Not in the
 * spec's list (the spec does not show them); named after the approvals of fundTransfer/*.
 */

export const CONTROL_KINDS = ['api_key', 'unbind'] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];
export const CONTROL_STATES = ['applying', 'approved', 'rejected'] as const;
export type ControlState = (typeof CONTROL_STATES)[number];

const GaCode = Type.String({ pattern: '^\\d{6}$' });

export const ControlRequest = Type.Object({
  approvalId: Id,
  kind: StringEnum([...CONTROL_KINDS]),
  status: StringEnum([...CONTROL_STATES]),
  brokerAccountId: Id,
  exchangeCode: StringEnum([...BROKER_EXCHANGES]),
  subAccountName: Type.String(),
  /** An `api_key` request's key; null for `unbind`. */
  keyId: Nullable(Id),
  apiKey: Nullable(Type.String()),
  permissions: Type.Array(StringEnum([...API_KEY_PERMISSIONS])),
  /** An `unbind` request: what the sub-account holds now (free and locked together), by wallet and asset. */
  balances: Type.Array(Type.Object({ wallet: StringEnum([...BROKER_WALLETS]), asset: Type.String(), amount: Amount })),
  applicant: Type.String(),
  approver: Nullable(Type.String()),
  rejectReason: Nullable(Type.String()),
  /** Applying and not the caller's own. */
  canDecide: Type.Boolean(),
  createdAt: IsoTime,
  decidedAt: Nullable(IsoTime),
});

export const brokerControlCalls = {
  /** The organisation's requests, newest first. */
  '/broker/control/page': userPost(
    Strict({
      pageCondition: PageCondition,
      queryCondition: Type.Optional(Strict({ kind: Type.Optional(StringEnum([...CONTROL_KINDS])), status: Type.Optional(StringEnum([...CONTROL_STATES])) })),
    }),
    Page(ControlRequest),
  ),
  '/broker/control/approve': userPost(Strict({ approvalId: Id, emailUuid: CodeUuid, emailCode: Code6, gaCode: Type.Optional(GaCode) }), ControlRequest),
  '/broker/control/reject': userPost(Strict({ approvalId: Id, gaCode: Type.Optional(GaCode), reason: Type.Optional(Text(0, 200)) }), ControlRequest),
};

export type BrokerControlCalls = typeof brokerControlCalls;
