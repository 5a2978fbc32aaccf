import type { TFunction } from 'i18next';
import { Code } from '../../../contract/codes.ts';
import { isApiError } from '../../lib/api/index.ts';
import { failureText } from '../../components/form/index.ts';

const REASONS = ['notRegistered', 'noBrokerRights', 'alreadyMember', 'otherOrganisation', 'notInvited'] as const;
type Reason = (typeof REASONS)[number];

/**
 * The words for a failed account-manager invitation: the server's 10403 names why (`data.reason`, server/broker/
 * managers.ts), which the portal says in its own language (spec §1: zh-HK) instead of the server's English msg.
 * Any other failure keeps the client's translated text.
 */
export function managerFailureText(t: TFunction<'broker'>, failure: unknown): string {
  if (!isApiError(failure) || failure.code !== Code.managerNotEligible) return failureText(failure);
  const reason = (failure.data as { reason?: unknown } | null | undefined)?.reason;
  const known = REASONS.find((r): r is Reason => r === reason);
  return t(`managers.refused.${known ?? 'other'}`);
}
