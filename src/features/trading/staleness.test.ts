import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { namespaceTree } from '../../../tests/support/locale-namespace.ts';
import { ageLabel, ageText, STALE_AFTER_MS, staleness } from './staleness.ts';

const base = { synced: true, receivedAt: 1000, now: 1200, endpoint: 'open' as const, staleTopic: false };

describe('staleness', () => {
  it('is live with the data age while books arrive', () => {
    expect(staleness(base)).toEqual({ state: 'live', ageMs: 200 });
  });
  it('turns stale past the silence threshold or when the core lists the topic', () => {
    expect(staleness({ ...base, now: 1000 + STALE_AFTER_MS + 1 }).state).toBe('stale');
    expect(staleness({ ...base, staleTopic: true }).state).toBe('stale');
  });
  it('is loading before the first book (issue 18: not "resyncing")', () => {
    expect(staleness({ ...base, synced: undefined, receivedAt: null })).toEqual({ state: 'loading', ageMs: null });
    expect(staleness({ ...base, synced: undefined, receivedAt: null, endpoint: 'offline' }).state).toBe('offline');
  });
  it('says resyncing while the core resyncs a book it had', () => {
    expect(staleness({ ...base, synced: false }).state).toBe('resyncing');
  });
  it('says offline while the endpoint reconnects or gave up', () => {
    expect(staleness({ ...base, endpoint: 'reconnecting' }).state).toBe('offline');
    expect(staleness({ ...base, endpoint: 'offline', synced: false }).state).toBe('offline');
  });
});

describe('ageText', () => {
  it('keeps one text under a second, so a live badge does not change on every look', () => {
    expect(ageText(0)).toEqual({ key: 'underSecond' });
    expect(ageText(999)).toEqual({ key: 'underSecond' });
    expect(ageText(null)).toBeNull();
  });
  it('shows tenths of a second from one second on', () => {
    expect(ageText(1000)).toEqual({ key: 's', s: '1.0' });
    expect(ageText(STALE_AFTER_MS + 260)).toEqual({ key: 's', s: '5.3' });
  });
});

describe('ageLabel', () => {
  it("words the age from the locales, the same for the badge and the health footer", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { 'zh-HK': { trading: namespaceTree('zh-HK', 'trading') }, 'en-US': { trading: namespaceTree('en-US', 'trading') } },
      lng: 'zh-HK',
      interpolation: { escapeValue: false },
    });
    const zh = i18n.getFixedT('zh-HK', 'trading') as TFunction<'trading'>;
    const en = i18n.getFixedT('en-US', 'trading') as TFunction<'trading'>;
    expect(ageLabel(zh, 400)).toBe('< 1 秒');
    expect(ageLabel(zh, 5260)).toBe('5.3 秒');
    expect(ageLabel(en, 400)).toBe('< 1 s');
    expect(ageLabel(en, 1000)).toBe('1.0 s');
    expect(ageLabel(en, null)).toBeNull();
  });
});
