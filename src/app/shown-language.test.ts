import { describe, expect, it } from 'vitest';
import { shownLanguage } from './shown-language.ts';

// spec §1/§2: the broker manager is always Hong Kong Chinese: under /en-US/ too its interface language (and so its
// calls' Accept-Language, its error texts and toasts, src/app/wire-api.ts) is zh-HK; elsewhere the URL's.
describe('shownLanguage', () => {
  it('is zh-HK on the broker manager whatever the prefix, the interface language elsewhere', () => {
    expect(shownLanguage('/en-US/brokerManager/account', 'en-US')).toBe('zh-HK');
    expect(shownLanguage('/en-US/brokerManager', 'en-US')).toBe('zh-HK');
    expect(shownLanguage('/en-US/wallet/overview', 'en-US')).toBe('en-US');
    expect(shownLanguage('/en-US/brokers', 'en-US')).toBe('en-US');
    expect(shownLanguage('/en-US/brokerManagerX', 'en-US')).toBe('en-US');
    expect(shownLanguage('/zh-HK/home', 'zh-HK')).toBe('zh-HK');
  });
});
