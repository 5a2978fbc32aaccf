import { describe, expect, it } from 'vitest';
import { apiLanguage } from './api-language.ts';

// spec §1/§2: the broker manager is always Hong Kong Chinese, so its calls ask the API for zh-HK messages and its
// toasts are zh-HK, even under /en-US/; everywhere else the interface language is the API's.
describe('apiLanguage', () => {
  it('is zh-HK on the broker manager whatever the prefix, the interface language elsewhere', () => {
    expect(apiLanguage('/en-US/brokerManager/account', 'en-US')).toBe('zh-HK');
    expect(apiLanguage('/en-US/brokerManager', 'en-US')).toBe('zh-HK');
    expect(apiLanguage('/en-US/wallet/overview', 'en-US')).toBe('en-US');
    expect(apiLanguage('/en-US/brokers', 'en-US')).toBe('en-US');
    expect(apiLanguage('/en-US/brokerManagerX', 'en-US')).toBe('en-US');
    expect(apiLanguage('/zh-HK/home', 'zh-HK')).toBe('zh-HK');
  });
});
