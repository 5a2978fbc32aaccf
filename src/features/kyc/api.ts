import { upload } from '../../lib/api/index.ts';
import { type Body, request } from '../../lib/api/request.ts';

// KYC calls of the sandbox (contract/kyc.ts, types only here): the spec names the screens, not their paths.
const quiet = { silent: true } as const;

export const kycStatus = () => request('/institution/kyc/status', undefined, quiet);

export type KycSubmission = Body<'/institution/kyc/submit'>;

export const submitKyc = (body: KycSubmission) => request('/institution/kyc/submit', body, quiet);

/**
 * spec §5: KYC files must not be compressed, so the chosen file goes as the request body, byte for byte,
 * with its own image type, through the shared client: its headers (spec §7), its upload time-out, and its
 * single sign-out when the session has expired (spec §8). The form shows the error itself (silent).
 */
export const uploadKycFile = (file: File) =>
  upload<{ fileId: string }>('/institution/kyc/upload', file, file.type === 'image/png' ? 'image/png' : 'image/jpeg', quiet);
