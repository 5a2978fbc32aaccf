import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { KycCalls } from '../../../contract/kyc.ts';
import { apiGet, apiPost, upload } from '../../lib/api/index.ts';
import type { KycState } from './kyc-rules.ts';

// KYC calls of the sandbox (contract/kyc.ts, types only here): the spec names the screens, not their paths.
const quiet = { silent: true } as const;

export const kycStatus = () => apiGet<KycState>('/institution/kyc/status', quiet);

export type KycSubmission = BodyOf<KycCalls['/institution/kyc/submit']>;

export const submitKyc = (body: KycSubmission) => apiPost<ReplyOf<KycCalls['/institution/kyc/submit']>>('/institution/kyc/submit', body, quiet);

/**
 * spec §5: KYC files must not be compressed, so the chosen file goes as the request body, byte for byte,
 * with its own image type, through the shared client: its headers (spec §7), its upload time-out, and its
 * single sign-out when the session has expired (spec §8). The form shows the error itself (silent).
 */
export const uploadKycFile = (file: File) =>
  upload<{ fileId: string }>('/institution/kyc/upload', file, file.type === 'image/png' ? 'image/png' : 'image/jpeg', quiet);
