import type { KycLevel, KycStatus } from '../../contract/rules.ts';
import type { Queryable } from '../platform/db/client.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { notify } from '../platform/notify.ts';
import { writeOutbox } from './outbox.ts';

/** spec §4 KYC states and §6 levels: basic (primary, coin) and advanced (fiat); one definition in contract/rules.ts. */
export type { KycLevel, KycStatus };

export interface KycLevelState {
  status: KycStatus;
  submissionId: number | null;
  submittedAt: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
}

export type KycState = Record<KycLevel, KycLevelState>;

/** The latest submission per level decides the state; none means unCertified. */
export async function kycState(db: Queryable, userId: number): Promise<KycState> {
  const rows = await db.query<{
    id: number;
    level: KycLevel;
    status: KycStatus;
    submitted_at: Date;
    decided_at: Date | null;
    reject_reason: string | null;
  }>(
    `select distinct on (level) id, level, status, submitted_at, decided_at, reject_reason
     from kyc_submissions where user_id = $1 order by level, submitted_at desc, id desc`,
    [userId],
  );
  const none: KycLevelState = { status: 'unCertified', submissionId: null, submittedAt: null, decidedAt: null, rejectReason: null };
  const state: KycState = { basic: { ...none }, advanced: { ...none } };
  for (const row of rows) {
    state[row.level] = {
      status: row.status,
      submissionId: row.id,
      submittedAt: row.submitted_at.toISOString(),
      decidedAt: row.decided_at?.toISOString() ?? null,
      rejectReason: row.reject_reason,
    };
  }
  return state;
}

const KYC_MAIL: Record<'zh-HK' | 'en-US', Record<'approved' | 'rejected', { subject: string; body: (level: string, reason: string) => string }>> = {
  'zh-HK': {
    approved: { subject: 'KYC 認證已通過', body: (level) => `您的${level}已通過審核，相關功能現已開放。` },
    rejected: { subject: 'KYC 認證未通過', body: (level, reason) => `您的${level}未通過審核，原因：${reason}。請登入後按原因修改並重新提交。` },
  },
  'en-US': {
    approved: { subject: 'KYC verification approved', body: (level) => `Your ${level} was approved; what it unlocks is open to you now.` },
    rejected: { subject: 'KYC verification rejected', body: (level, reason) => `Your ${level} was rejected: ${reason}. Sign in, correct what the reason names and submit again.` },
  },
};
const LEVEL_NAMES: Record<'zh-HK' | 'en-US', Record<KycLevel, string>> = {
  'zh-HK': { basic: '初級認證', advanced: '高級認證' },
  'en-US': { basic: 'basic verification', advanced: 'advanced verification' },
};

/**
 * A KYC decision told to its user, in the decision's own transaction: a message in the message centre (kinds
 * kycApproved / kycRejected, the level as its variant) and an e-mail in the user's preferred language.
 */
export async function announceKycDecision(
  ctx: ApiContext,
  tx: Queryable,
  user: { id: number; email_lower: string; preferred_language: string },
  decision: { submissionId: number; level: KycLevel; approved: boolean; reason: string | null },
): Promise<void> {
  const now = nowDate(ctx);
  const reason = decision.reason ?? '';
  if (decision.approved) await notify(tx, user.id, 'kycApproved', { via: decision.level }, `kyc:${decision.submissionId}`, now);
  else await notify(tx, user.id, 'kycRejected', { via: decision.level, reason }, `kyc:${decision.submissionId}`, now);
  const language = user.preferred_language === 'en-US' ? 'en-US' : 'zh-HK';
  const text = KYC_MAIL[language][decision.approved ? 'approved' : 'rejected'];
  await writeOutbox(ctx, tx, {
    channel: 'email',
    destination: user.email_lower,
    businessType: decision.approved ? 'kycApproved' : 'kycRejected',
    subject: text.subject,
    body: text.body(LEVEL_NAMES[language][decision.level], reason),
    userId: user.id,
  });
}
