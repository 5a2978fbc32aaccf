import { ApiError, apiGet, apiPost, parseEnvelope, SUCCESS_CODE } from '../../lib/api/index.ts';
import { config } from '../../lib/config/index.ts';
import { i18next, normaliseLanguage } from '../../lib/i18n/index.ts';
import { session } from '../../lib/session/index.ts';
import type { KycLevel, KycState } from './kyc-rules.ts';

// KYC calls of the sandbox (server/api/routes/kyc.ts): the spec names the screens, not their paths.
const quiet = { silent: true } as const;

export const kycStatus = () => apiGet<KycState>('/institution/kyc/status', quiet);

export interface KycSubmission {
  level: KycLevel;
  companyName: string;
  registrationNumber: string;
  countryCode: string;
  documents: Array<{ type: string; fileId: string }>;
}

export const submitKyc = (body: KycSubmission) => apiPost<{ submissionId: number; status: string }>('/institution/kyc/submit', body, quiet);

const UPLOAD_TIMEOUT_MS = 60_000; // up to 10 MB on a slow line; the 10 s JSON time-out would cut it off

/**
 * spec §5: KYC files must not be compressed, so the chosen file goes as the request body, byte for byte,
 * with its own image type (the JSON client cannot send a raw body). Same headers as every call (spec §7).
 */
export async function uploadKycFile(file: File): Promise<{ fileId: string }> {
  const path = '/institution/kyc/upload';
  const headers: Record<string, string> = {
    source: 'web',
    'Accept-Language': normaliseLanguage(i18next.language),
    'Content-Type': file.type === 'image/png' ? 'image/png' : 'image/jpeg',
  };
  const token = session.getState().token;
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${config.apiBaseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers,
      body: file,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (cause) {
    throw new ApiError({ kind: 'network', message: '', path, cause });
  }
  const envelope = parseEnvelope(text);
  if (envelope?.code === SUCCESS_CODE) return envelope.data as { fileId: string };
  throw new ApiError({
    kind: envelope?.code === 401 ? 'unauthorized' : envelope ? 'business' : 'http',
    message: envelope?.msg ?? '',
    msg: envelope?.msg ?? '',
    code: envelope?.code ?? response.status,
    data: envelope?.data,
    status: response.status,
    path,
  });
}
