import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, messages } from '../../contract/codes.ts';
import enTexts from '../../locales/en-US/api-messages.json' with { type: 'json' };
import zhTexts from '../../locales/zh-HK/api-messages.json' with { type: 'json' };
import { replyLanguage } from '../../server/platform/reply-language.ts';
import { TestApi } from './helpers.ts';

// spec §7: every call sends Accept-Language; spec §8: the client shows the server's msg for a code outside its own
// table. So a refusal speaks the page's language: a zh-HK page never shows the sandbox's English.
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api?.close());

const zh = { 'accept-language': 'zh-HK' };
const en = { 'accept-language': 'en-US' };

describe('reply messages in the request language', () => {
  it('has a zh-HK and an en-US text for every code, en-US the contract wording, zh-HK in Chinese', () => {
    const codes = Object.keys(messages);
    expect(Object.keys(zhTexts.codes).sort()).toEqual(codes.sort());
    expect(Object.keys(enTexts.codes).sort()).toEqual(codes.sort());
    for (const code of codes) {
      expect(enTexts.codes[code as keyof typeof enTexts.codes], code).toBe(messages[Number(code) as Code]);
      expect(zhTexts.codes[code as keyof typeof zhTexts.codes], code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('reads the first language the sandbox speaks from Accept-Language', () => {
    const of = (value?: string) => replyLanguage({ headers: value === undefined ? {} : { 'accept-language': value } });
    expect(of('zh-HK')).toBe('zh-HK');
    expect(of('zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh-HK');
    expect(of('fr-FR, en-GB;q=0.8')).toBe('en-US');
    expect(of('en-US')).toBe('en-US');
    expect(of('fr-FR')).toBeNull();
    expect(of()).toBeNull();
  });

  it('answers a business refusal in zh-HK, in en-US and, with no header, in the contract English', async () => {
    const email = await api.register();
    const token = await api.token(email, 'Passw0rd!x');
    const sent = await api.emailCode('updatePwd', token);
    const attempt = (headers: Record<string, string>) =>
      api.call('POST', '/institution/updatePwd', {
        token,
        headers,
        body: { oldPassword: api.encrypt('Passw0rd!x'), newPassword: api.encrypt('Changed-Pass9'), emailUuid: sent.uuid, emailCode: sent.code === '000000' ? '111111' : '000000' },
      });
    const inZh = await attempt(zh);
    expect(inZh.code).toBe(Code.codeWrong);
    expect(inZh.msg).toBe(zhTexts.codes['10003']);
    const inEn = await attempt(en);
    expect(inEn.code).toBe(Code.codeWrong);
    expect(inEn.msg).toBe(messages[Code.codeWrong]);
    const plain = await attempt({ 'accept-language': '' });
    expect(plain.msg).toBe(messages[Code.codeWrong]);
  });

  it('answers bad input, an unknown call and a missing header in zh-HK without English', async () => {
    const bad = await api.call('POST', '/institution/preLogin', { body: { username: 42 }, headers: zh });
    expect(bad.code).toBe(Code.badRequest);
    expect(bad.msg).toBe(zhTexts.codes['400']);
    expect(bad.data).toMatchObject({ field: expect.any(String) });
    const badEn = await api.call('POST', '/institution/preLogin', { body: { username: 42 }, headers: en });
    expect(badEn.code).toBe(Code.badRequest);
    expect(badEn.msg).not.toBe(zhTexts.codes['400']);
    const unknown = await api.call('POST', '/no/such/call', { body: {}, headers: zh });
    expect(unknown.code).toBe(Code.notFound);
    expect(unknown.msg).toBe(zhTexts.codes['404']);
  });
});
