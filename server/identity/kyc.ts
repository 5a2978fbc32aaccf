import type { KycLevel, KycStatus } from '../../contract/rules.ts';
import type { Queryable } from '../platform/db/client.ts';

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
