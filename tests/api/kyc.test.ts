import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api.close());

const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const image = (head: Buffer, size: number) => Buffer.concat([head, randomBytes(size - head.length)]);

function upload(token: string, body: Buffer, contentType = 'image/jpeg') {
  return api.call<{ fileId: string; size: number }>('POST', '/institution/kyc/upload', {
    token,
    raw: new Uint8Array(body),
    headers: { 'content-type': contentType },
  });
}

async function submit(token: string, level: 'basic' | 'advanced', types: string[]) {
  const documents = [];
  for (const type of types) {
    const file = await upload(token, image(pngHead, 20_000), 'image/png');
    documents.push({ type, fileId: file.data.fileId });
  }
  return api.call<{ status: string }>('POST', '/institution/kyc/submit', {
    token,
    body: { level, companyName: 'Analytical Engines Ltd', registrationNumber: 'HK-12345678', countryCode: 'HK', documents },
  });
}

const status = async (token: string) =>
  (await api.call<Record<'basic' | 'advanced', { status: string; rejectReason: string | null }>>('GET', '/institution/kyc/status', { token })).data;

describe('KYC document upload (spec §5: JPG or PNG, over 10KB, under 10MB)', () => {
  it('accepts JPG and PNG just over 10KB and just under 10MB', async () => {
    const token = await api.token(await api.register(), 'Passw0rd!x');
    const small = await upload(token, image(jpegHead, 10 * 1024 + 1));
    expect(small).toMatchObject({ code: 200, data: { size: 10 * 1024 + 1 } });
    expect(small.data.fileId).toMatch(/^[0-9a-f-]{36}$/);
    const big = await upload(token, image(pngHead, 10 * 1024 * 1024 - 1), 'image/png');
    expect(big.code).toBe(200);
  });

  it('refuses 10KB exactly, 10MB exactly and above, wrong bytes and other types', async () => {
    const token = await api.token(await api.register(), 'Passw0rd!x');
    expect(await upload(token, image(jpegHead, 10 * 1024))).toMatchObject({ status: 400, data: { field: 'file', rule: 'minSize' } });
    expect(await upload(token, image(jpegHead, 10 * 1024 * 1024))).toMatchObject({ status: 413, code: 413, msg: 'Image is too large, please re-upload' });
    expect(await upload(token, image(jpegHead, 11 * 1024 * 1024))).toMatchObject({ status: 413, code: 413 });
    expect(await upload(token, image(pngHead, 50_000), 'image/jpeg')).toMatchObject({ status: 400, data: { rule: 'imageType' } });
    expect(await upload(token, image(Buffer.from('GIF89a'), 50_000), 'image/gif')).toMatchObject({ status: 415, code: 415 });
    expect((await upload('', image(jpegHead, 50_000))).code).toBe(401);
  });
});

describe('KYC submission and review (spec §4 review / Certified / unCertified)', () => {
  it('basic → review → approved → advanced → rejected (with reason) → resubmitted', async () => {
    const email = await api.register();
    const token = await api.token(email, 'Passw0rd!x');
    expect(await status(token)).toMatchObject({ basic: { status: 'unCertified' }, advanced: { status: 'unCertified' } });

    const tooEarly = await submit(token, 'advanced', ['bankStatement', 'proofOfAddress']);
    expect(tooEarly).toMatchObject({ code: 10010, data: { level: 'basic', status: 'unCertified' } });

    expect((await submit(token, 'basic', ['businessRegistration', 'directorId'])).data).toMatchObject({ status: 'review' });
    expect((await status(token)).basic.status).toBe('review');
    expect((await submit(token, 'basic', ['businessRegistration', 'directorId'])).code).toBe(10010);

    const approve = await api.call('POST', '/_dev/kyc/decide', { body: { email, level: 'basic', decision: 'approve' } });
    expect(approve).toMatchObject({ code: 200, data: { status: 'Certified' } });
    const menu = await api.call<{ permissions: Record<string, { enabled: boolean }> }>('GET', '/menu/getUserMenu', { token });
    expect(menu.data.permissions['withdrawCoin']?.enabled).toBe(true);
    expect(menu.data.permissions['withdrawFiat']?.enabled).toBe(false);

    expect((await submit(token, 'advanced', ['bankStatement', 'proofOfAddress'])).code).toBe(200);
    await api.call('POST', '/_dev/kyc/decide', { body: { email, level: 'advanced', decision: 'reject', reason: 'Statement older than 3 months' } });
    expect((await status(token)).advanced).toMatchObject({ status: 'unCertified', rejectReason: 'Statement older than 3 months' });
    const twice = await api.call('POST', '/_dev/kyc/decide', { body: { email, level: 'advanced', decision: 'approve' } });
    expect(twice.code).toBe(10010);

    expect((await submit(token, 'advanced', ['bankStatement', 'proofOfAddress'])).code).toBe(200);
    await api.call('POST', '/_dev/kyc/decide', { body: { email, level: 'advanced', decision: 'approve' } });
    const info = await api.call<{ kyc: unknown }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.kyc).toEqual({ basic: 'Certified', advanced: 'Certified' });
  });

  it('refuses missing document types, files not uploaded by this user, Chinese company names, bad countries', async () => {
    const token = await api.token(await api.register(), 'Passw0rd!x');
    const missing = await submit(token, 'basic', ['businessRegistration']);
    expect(missing).toMatchObject({ status: 400, data: { field: 'documents', rule: 'missingType' } });

    const otherToken = await api.token(await api.register(), 'Passw0rd!x');
    const foreign = await upload(otherToken, image(jpegHead, 20_000));
    const own = await upload(token, image(jpegHead, 20_000));
    const body = {
      level: 'basic',
      companyName: 'Analytical Engines Ltd',
      registrationNumber: 'HK-1',
      countryCode: 'HK',
      documents: [
        { type: 'businessRegistration', fileId: own.data.fileId },
        { type: 'directorId', fileId: foreign.data.fileId },
      ],
    };
    expect(await api.call('POST', '/institution/kyc/submit', { token, body })).toMatchObject({ status: 400, data: { rule: 'unknownFile' } });
    const chinese = await api.call('POST', '/institution/kyc/submit', { token, body: { ...body, companyName: '分析機器', documents: [] } });
    expect(chinese).toMatchObject({ status: 400, data: { field: 'documents', rule: 'minItems' } });
    const chineseName = await api.call('POST', '/institution/kyc/submit', {
      token,
      body: { ...body, companyName: '分析機器', documents: [{ type: 'businessRegistration', fileId: own.data.fileId }, { type: 'directorId', fileId: own.data.fileId }] },
    });
    expect(chineseName).toMatchObject({ status: 400, data: { field: 'companyName', rule: 'noChinese' } });
    const country = await api.call('POST', '/institution/kyc/submit', { token, body: { ...body, countryCode: 'hkg' } });
    expect(country).toMatchObject({ status: 400, data: { field: 'countryCode' } });
    // None of the refusals left a submission behind.
    expect((await status(token)).basic.status).toBe('unCertified');
  });

  it('the dev control answers 404 for an unknown user and 400 for a bad decision', async () => {
    expect((await api.call('POST', '/_dev/kyc/decide', { body: { email: 'ghost@firm.test', level: 'basic', decision: 'approve' } })).code).toBe(404);
    expect((await api.call('POST', '/_dev/kyc/decide', { body: { email: 'ghost@firm.test', level: 'basic', decision: 'maybe' } })).status).toBe(400);
  });
});

describe('KYC decisions are told (a message and an e-mail in the preferred language)', () => {
  type Row = { kind: string; params: Record<string, string> };
  const messages = async (token: string) => (await api.call<{ list: Row[] }>('POST', '/message/page', { token, body: { pageNum: 1, pageSize: 10 } })).data.list;
  const mails = async (email: string) =>
    (await api.call<{ list: Array<{ businessType: string; subject: string; body: string }> }>('GET', `/_dev/outbox?destination=${encodeURIComponent(email)}&channel=email&limit=20`)).data.list;

  it('an approval and a rejection each write one message and one mail; a refused decision writes neither', async () => {
    const email = await api.register();
    const token = await api.token(email, 'Passw0rd!x');
    expect((await submit(token, 'basic', ['businessRegistration', 'directorId'])).code).toBe(200);
    expect((await api.call('POST', '/_dev/kyc/decide', { body: { email, level: 'basic', decision: 'approve' } })).code).toBe(200);
    expect((await messages(token)).filter((m) => m.kind.startsWith('kyc'))).toEqual([expect.objectContaining({ kind: 'kycApproved', params: { via: 'basic' } })]);
    const approvedMail = (await mails(email)).filter((m) => m.businessType === 'kycApproved');
    expect(approvedMail).toHaveLength(1);
    // Registered with en-US as the preferred language: the mail is in English.
    expect(approvedMail[0]).toMatchObject({ subject: 'KYC verification approved' });
    expect(approvedMail[0]?.body).toContain('basic verification');

    expect((await submit(token, 'advanced', ['bankStatement', 'proofOfAddress'])).code).toBe(200);
    await api.call('POST', '/_dev/kyc/decide', { body: { email, level: 'advanced', decision: 'reject', reason: 'Statement older than 3 months' } });
    const rejected = (await messages(token)).find((m) => m.kind === 'kycRejected');
    expect(rejected?.params).toEqual({ via: 'advanced', reason: 'Statement older than 3 months' });
    const rejectedMail = (await mails(email)).filter((m) => m.businessType === 'kycRejected');
    expect(rejectedMail).toHaveLength(1);
    expect(rejectedMail[0]?.body).toContain('Statement older than 3 months');

    // Nothing under review: the decision is refused and nobody is told anything.
    expect((await api.call('POST', '/_dev/kyc/decide', { body: { email, level: 'advanced', decision: 'approve' } })).code).toBe(10010);
    expect((await messages(token)).filter((m) => m.kind.startsWith('kyc'))).toHaveLength(2);
    expect((await mails(email)).filter((m) => m.businessType.startsWith('kyc'))).toHaveLength(2);
  });
});
