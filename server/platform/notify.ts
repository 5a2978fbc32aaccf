import { randomUUID } from 'node:crypto';
import type { MessageKind } from '../../contract/messages-rules.ts';
import type { Queryable } from './db/client.ts';

/**
 * The one writer of the message centre (contract/messages.ts). Call it with the transaction that makes the
 * event happen (the deposit's credit, the withdrawal's payment, the OTC order's fill, the password's change…),
 * so the message exists exactly when the event does: a rolled-back event leaves no message. `eventKey` names the
 * event; a second call for the same event and user writes nothing, so a retried or raced step cannot tell twice.
 *
 * Parameters are plain strings the app fills its translated text with; nothing here is words or markup.
 */
export interface MessageParams {
  depositCredited: { channel: 'coin' | 'fiat'; asset: string; amount: string; recordId: string };
  withdrawalPaid: { channel: 'coin' | 'fiat'; asset: string; amount: string; recordId: string };
  withdrawalFailed: { channel: 'coin' | 'fiat'; asset: string; amount: string; recordId: string };
  otcFilled: OtcParams;
  otcSettled: OtcParams;
  otcRejected: OtcParams;
  otcExpired: OtcParams;
  /** LTV and its levels as percentages with two decimals; the liquidation price in USDT. */
  loanMarginCall: { orderId: string; collateralAsset: string; ltv: string; marginCallLtv: string; liquidationLtv: string; liquidationPrice: string };
  loanLiquidated: { orderId: string; collateralAsset: string; collateralSold: string; collateralReturned: string; loanAsset: string; refund: string };
  /** `device` is the English summary (older messages have only it); `browser` and `os` ('' when unknown) are worded by the app. */
  newDeviceSignIn: { ip: string; device: string; browser: string; os: string };
  passwordChanged: { via: 'change' | 'reset' };
  emailChanged: Record<string, never>;
  phoneChanged: { via: 'bind' | 'update' };
  gaChanged: { via: 'bind' | 'rebind' | 'reset' };
  antiPhishingChanged: Record<string, never>;
  /** A KYC decision; the level is the text's variant. */
  kycApproved: { via: 'basic' | 'advanced' };
  kycRejected: { via: 'basic' | 'advanced'; reason: string };
}
interface OtcParams {
  orderId: string;
  fromAsset: string;
  toAsset: string;
  fromAmount: string;
  toAmount: string;
}

export async function notify<K extends MessageKind>(
  tx: Queryable,
  userId: number,
  kind: K,
  params: MessageParams[K],
  eventKey: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into messages (user_id, kind, params, event_key, created_at) values ($1, $2, $3::jsonb, $4, $5)
     on conflict (user_id, event_key) do nothing`,
    [userId, kind, JSON.stringify(params), eventKey, now],
  );
}

type SecurityKind = 'newDeviceSignIn' | 'passwordChanged' | 'emailChanged' | 'phoneChanged' | 'gaChanged' | 'antiPhishingChanged';

/**
 * A security change's message. These events have no record id of their own; each call is one event (the
 * change's own transaction runs it once), so its key is fresh.
 */
export async function notifySecurity<K extends SecurityKind>(tx: Queryable, userId: number, kind: K, params: MessageParams[K], now: Date): Promise<void> {
  await notify(tx, userId, kind, params, `${kind}:${randomUUID()}`, now);
}
