import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { actAsync } from '../../components/testing/act-environment.ts';
import zhKyc from '../../../locales/zh-HK/kyc.json';
import zhAccount from '../../../locales/zh-HK/account.json';
import zhValidation from '../../../locales/zh-HK/validation.json';
import zhErrors from '../../../locales/zh-HK/errors.json';
import KycPage from './KycPage.tsx';
import type { KycLevelState, KycState } from './kyc-rules.ts';

const level = (status: KycLevelState['status'], rejectReason: string | null = null): KycLevelState => ({
  status,
  submissionId: status === 'unCertified' && !rejectReason ? null : 1,
  submittedAt: null,
  decidedAt: null,
  rejectReason,
});

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  vi.restoreAllMocks();
});

async function show(state: KycState, uploadReply: unknown = { code: 404, msg: 'no', data: null }, pollMs?: number) {
  const requests: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    requests.push(new URL(request.url).pathname);
    const body = request.url.includes('/kyc/status')
      ? { code: 200, msg: 'ok', data: state }
      : request.url.includes('/kyc/upload')
        ? uploadReply
        : { code: 404, msg: 'no', data: null };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'zh-HK',
    resources: { 'zh-HK': { kyc: zhKyc, account: zhAccount, validation: zhValidation, errors: zhErrors } },
    defaultNS: 'kyc',
    interpolation: { escapeValue: false },
  });
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const router = createMemoryRouter([{ path: '/:lang/account/kyc', element: <KycPage {...(pollMs ? { pollMs } : {})} /> }], { initialEntries: ['/zh-HK/account/kyc'] });
  await actAsync(async () => root.render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>));
  cleanup = async () => {
    await actAsync(async () => root.unmount());
    container.remove();
  };
  return requests;
}

const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('KycPage (spec §4 states, §6 what each level unlocks)', () => {
  it('shows a rejection with its reason and the form again; advanced waits for basic', async () => {
    await show({ basic: level('unCertified', 'Blurred document'), advanced: level('unCertified') });
    await expect.poll(() => q('kyc-basic-status')?.textContent).toBe(zhKyc.status.unCertified);
    expect(q('kyc-basic-rejected')?.textContent).toBe(zhKyc.rejected.replace('{{reason}}', 'Blurred document'));
    expect(q('kyc-form-basic')).not.toBeNull();
    expect(q('kyc-form-advanced')).toBeNull();
    expect(q('kyc-advanced')?.textContent).toContain(zhKyc.lockedText);
    expect(q('kyc-advanced')?.textContent).toContain(zhKyc.unlocks.otc);
  });

  it('under review and certified show no form', async () => {
    await show({ basic: level('Certified'), advanced: level('review') });
    await expect.poll(() => q('kyc-advanced-status')?.textContent).toBe(zhKyc.status.review);
    expect(q('kyc-basic-status')?.textContent).toBe(zhKyc.status.Certified);
    expect(q('kyc-basic')?.textContent).toContain(zhKyc.certifiedText);
    expect(q('kyc-advanced')?.textContent).toContain(zhKyc.reviewText);
    expect(document.querySelector('form')).toBeNull();
  });

  it('refuses a missing or wrong document beside its field and uploads nothing', async () => {
    const requests = await show({ basic: level('unCertified'), advanced: level('unCertified') });
    await expect.poll(() => q('kyc-form-basic')).not.toBeNull();
    const input = q('doc-directorId') as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array(20 * 1024)], 'id.png', { type: 'image/png' }));
    await userEvent.fill(q('kyc-registrationNumber') as HTMLInputElement, 'CR-1');
    await userEvent.click(q('kyc-submit-basic') as HTMLElement);
    await expect.poll(() => q('error-businessRegistration')?.textContent).toBe(zhValidation.errors.imageRequired);
    // Declared PNG, but the bytes are not a PNG: refused (validators check the magic number).
    expect(q('error-directorId')?.textContent).toBe(zhValidation.errors.imageType);
    expect(q('error-companyName')?.textContent).toBe(zhValidation.errors.companyNameRequired);
    expect(requests).toEqual(['/api/institution/kyc/status']);
  });

  it('shows the upload quota reached (10060) beside the document, in the person\'s language', async () => {
    const reply = { code: 10060, msg: 'Upload quota reached', data: { quota: 'files', limit: 50, used: 50 } };
    const requests = await show({ basic: level('unCertified'), advanced: level('unCertified') }, reply);
    await expect.poll(() => q('kyc-form-basic')).not.toBeNull();
    const png = () => {
      const bytes = new Uint8Array(20 * 1024);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      return bytes;
    };
    await userEvent.upload(q('doc-businessRegistration') as HTMLInputElement, new File([png()], 'br.png', { type: 'image/png' }));
    await userEvent.upload(q('doc-directorId') as HTMLInputElement, new File([png()], 'id.png', { type: 'image/png' }));
    await userEvent.fill(q('kyc-companyName') as HTMLInputElement, 'Analytical Engines Ltd');
    await userEvent.fill(q('kyc-registrationNumber') as HTMLInputElement, 'CR-1');
    await userEvent.click(q('kyc-submit-basic') as HTMLElement);
    const expected = zhAccount.errors.uploadQuotaFiles.replace('{{used}}', '50').replace('{{limit}}', '50');
    await expect.poll(() => q('error-businessRegistration')?.textContent).toBe(expected);
    expect(requests.filter((path) => path.endsWith('/kyc/upload'))).toHaveLength(1);
  });

  it('shows a decision made while the page is open, without a reload, and says what was decided', async () => {
    const state: KycState = { basic: level('review'), advanced: level('unCertified') };
    const requests = await show(state, undefined, 100);
    await expect.poll(() => q('kyc-basic-status')?.textContent).toBe(zhKyc.status.review);
    expect(q('kyc-decided')?.textContent).toBe('');
    // The reviewer rejects it: the next poll shows the reason, the form again and a line in the status region.
    state.basic = level('unCertified', 'Blurred document');
    await expect.poll(() => q('kyc-basic-status')?.textContent).toBe(zhKyc.status.unCertified);
    expect(q('kyc-basic-rejected')?.textContent).toBe(zhKyc.rejected.replace('{{reason}}', 'Blurred document'));
    expect(q('kyc-form-basic')).not.toBeNull();
    expect(q('kyc-decided')?.getAttribute('role')).toBe('status');
    expect(q('kyc-decided')?.textContent).toBe(zhKyc.decided.rejected.replace('{{level}}', zhKyc.levels.basic.title).replace('{{reason}}', 'Blurred document'));
    // Nothing under review: the page stops asking.
    const asked = requests.filter((path) => path.endsWith('/kyc/status')).length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests.filter((path) => path.endsWith('/kyc/status')).length).toBe(asked);
  });

  it('shows an approval as it happens', async () => {
    const state: KycState = { basic: level('Certified'), advanced: level('review') };
    await show(state, undefined, 100);
    await expect.poll(() => q('kyc-advanced-status')?.textContent).toBe(zhKyc.status.review);
    state.advanced = level('Certified');
    await expect.poll(() => q('kyc-advanced-status')?.textContent).toBe(zhKyc.status.Certified);
    expect(q('kyc-decided')?.textContent).toBe(zhKyc.decided.approved.replace('{{level}}', zhKyc.levels.advanced.title));
  });
});
