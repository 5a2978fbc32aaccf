import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { Code, messages } from '../../../contract/codes.ts';
import { namespaceTree } from '../../../tests/support/locale-namespace.ts';
import { ApiError } from '../../lib/api/index.ts';
import { managerFailureText } from './manager-refusal.ts';

// The invitation refusal (10403) reads in the portal's language with its reason, never the server's English msg.
async function zhT() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'zh-HK', resources: { 'zh-HK': { broker: namespaceTree('zh-HK', 'broker') } }, interpolation: { escapeValue: false } });
  return i18n.getFixedT('zh-HK', 'broker');
}

const refusal = (reason: unknown) =>
  new ApiError({ kind: 'business', code: Code.managerNotEligible, msg: messages[Code.managerNotEligible], message: messages[Code.managerNotEligible], data: { reason }, path: '/broker/account/submitAccountManager' });

describe('managerFailureText', () => {
  it('says each reason of 10403 in zh-HK, and an unknown one with the general refusal', async () => {
    const t = await zhT();
    const zh = namespaceTree('zh-HK', 'broker') as { managers: { refused: Record<string, string> } };
    for (const reason of ['notRegistered', 'noBrokerRights', 'alreadyMember', 'otherOrganisation', 'notInvited']) {
      const text = managerFailureText(t, refusal(reason));
      expect(text).toBe(zh.managers.refused[reason]);
      expect(text).not.toMatch(/[A-Za-z]{3}/);
    }
    expect(managerFailureText(t, refusal('somethingNew'))).toBe(zh.managers.refused['other']);
    expect(managerFailureText(t, refusal(undefined))).toBe(zh.managers.refused['other']);
  });

  it('keeps the translated text of any other failure', async () => {
    const t = await zhT();
    const other = new ApiError({ kind: 'network', message: '暫時無法連接伺服器。', path: '/broker/account/submitAccountManager' });
    expect(managerFailureText(t, other)).toBe('暫時無法連接伺服器。');
  });
});
