import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { namespaceTree } from '../../../tests/support/locale-namespace.ts';
import { messageText } from './message-text.ts';

// A bank transfer's message is titled as fiat (法幣存款 / 法幣提款, ../shared/GLOSSARY.md), a coin one as coin.
describe('message titles', () => {
  it('titles a fiat message with its fiat title (i18next context), a coin one and one without channel with the kind title', async () => {
    const zh = namespaceTree('zh-HK', 'messages') as { kinds: Record<string, Record<string, string>> };
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'zh-HK', resources: { 'zh-HK': { messages: zh } }, interpolation: { escapeValue: false } });
    const t = i18n.getFixedT('zh-HK', 'messages');
    const fiat = messageText(t, { kind: 'withdrawalPaid', params: { channel: 'fiat', asset: 'USD', amount: '1000', recordId: 'FW4' } });
    const coin = messageText(t, { kind: 'withdrawalPaid', params: { channel: 'coin', asset: 'USDT', amount: '1000', recordId: 'W3' } });
    expect(fiat.title).toBe('法幣提款已完成');
    expect(coin.title).toBe('提幣已完成');
    expect(messageText(t, { kind: 'depositCredited', params: { channel: 'fiat', asset: 'USD', amount: '1', recordId: 'FD1' } }).title).toBe('法幣存款已入帳');
    expect(messageText(t, { kind: 'emailChanged', params: {} }).title).toBe(zh.kinds['emailChanged']?.['title']);
  });
});

describe('new-device message', () => {
  it("words the device from the message's browser and OS in the page's language", async () => {
    const i18n = i18next.createInstance();
    const resources = (lang: 'zh-HK' | 'en-US') => ({ messages: namespaceTree(lang, 'messages'), account: namespaceTree(lang, 'account') });
    await i18n.init({ lng: 'zh-HK', resources: { 'zh-HK': resources('zh-HK'), 'en-US': resources('en-US') }, interpolation: { escapeValue: false } });
    const params = { ip: '203.0.113.9', device: 'Firefox on macOS', browser: 'Firefox', os: 'macOS' };
    const zh = messageText(i18n.getFixedT('zh-HK', 'messages'), { kind: 'newDeviceSignIn', params });
    expect(zh.body).toContain('macOS 上的 Firefox');
    expect(zh.body).not.toContain('Firefox on macOS');
    expect(messageText(i18n.getFixedT('en-US', 'messages'), { kind: 'newDeviceSignIn', params }).body).toContain('Firefox on macOS');
    expect(messageText(i18n.getFixedT('zh-HK', 'messages'), { kind: 'newDeviceSignIn', params: { ...params, browser: '', os: '' } }).body).toContain('未知裝置');
  });
});
