import { describe, expect, it } from 'vitest';
import { brokerAccess, mayOpenRights, signInPath } from './access.ts';

describe('broker manager access (spec §2: outside the token guard, checks itself)', () => {
  it('signed out without a token, whatever the stored info says', () => {
    expect(brokerAccess(null, { brokerOpen: true }, true)).toBe('signedOut');
  });
  it('checks until the info is read afresh (a stored one may be stale)', () => {
    expect(brokerAccess('t', { brokerOpen: true }, false)).toBe('checking');
    expect(brokerAccess('t', null, true)).toBe('checking');
  });
  it('grants only with brokerOpen true', () => {
    expect(brokerAccess('t', { brokerOpen: true }, true)).toBe('granted');
    expect(brokerAccess('t', { brokerOpen: false }, true)).toBe('noRights');
    expect(brokerAccess('t', {}, true)).toBe('noRights');
  });
  it('offers opening rights to institution users only', () => {
    expect(mayOpenRights({ userType: 'institution' })).toBe(true);
    expect(mayOpenRights({ userType: 'personal' })).toBe(false);
    expect(mayOpenRights(null)).toBe(false);
  });
  it('sends to login with the way back', () => {
    expect(signInPath('zh-HK', { pathname: '/zh-HK/brokerManager/account', search: '?a=1', hash: '' })).toBe('/zh-HK/login?redirect=%2Fzh-HK%2FbrokerManager%2Faccount%3Fa%3D1');
  });
});
