import { describe, expect, it } from 'vitest';
import { validatePassword, validatePasswordMatch } from './password.ts';

describe('validatePassword (spec §5)', () => {
  it('accepts 8+ characters with upper, lower, digit and special', () => {
    expect(validatePassword('Abcdef1!')).toBeNull();
    expect(validatePassword('xY9_long password')).toBeNull();
  });

  it('requires a value', () => {
    expect(validatePassword('')).toEqual({ key: 'errors.passwordRequired' });
    expect(validatePassword(undefined)).toEqual({ key: 'errors.passwordRequired' });
  });

  it.each([
    ['7 characters', 'Abcde1!'],
    ['no upper case', 'abcdef1!'],
    ['no lower case', 'ABCDEF1!'],
    ['no digit', 'Abcdefg!'],
    ['no special', 'Abcdefg1'],
    ['only a space as special', 'Abcdef1 '],
  ])('refuses %s with the rule key and min 8', (_name, pw) => {
    expect(validatePassword(pw)).toEqual({ key: 'errors.passwordRule', params: { min: 8 } });
  });

  it('counts characters, not UTF-16 units', () => {
    // 7 characters, one of which is an astral emoji (2 UTF-16 units): still too short.
    expect(validatePassword('Ab1!\u{1F600}cd')?.key).toBe('errors.passwordRule');
  });
});

describe('validatePasswordMatch (spec §5)', () => {
  it("reports 'Passwords Do Not Match' when different", () => {
    expect(validatePasswordMatch('Abcdef1!', 'Abcdef1?')).toEqual({ key: 'errors.passwordsDoNotMatch' });
  });

  it('accepts equal passwords and requires the confirmation', () => {
    expect(validatePasswordMatch('Abcdef1!', 'Abcdef1!')).toBeNull();
    expect(validatePasswordMatch('Abcdef1!', '')).toEqual({ key: 'errors.confirmPasswordRequired' });
  });
});
