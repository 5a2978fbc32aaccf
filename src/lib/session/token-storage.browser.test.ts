import { afterEach, describe, expect, it } from 'vitest';
import { cookieTokenStorage, localTokenStorage } from './token-storage.ts';

describe('token storage in a real browser (spec §4)', () => {
  afterEach(() => {
    cookieTokenStorage().clear();
    localStorage.clear();
  });

  it('keeps the token in a cookie by default, readable back and cleared on sign-out', () => {
    const storage = cookieTokenStorage();
    expect(storage.read()).toBeNull();
    storage.write('a b;c=d');
    expect(storage.read()).toBe('a b;c=d');
    expect(document.cookie).toContain('token=');
    storage.clear();
    expect(storage.read()).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });

  it('keeps the token in local storage for a client app', () => {
    const storage = localTokenStorage();
    storage.write('t-1');
    expect(localStorage.getItem('token')).toBe('t-1');
    storage.clear();
    expect(storage.read()).toBeNull();
  });
});
