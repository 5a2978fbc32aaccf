import { describe, expect, it } from 'vitest';
import { validateBusinessEmail } from './email.ts';

describe('validateBusinessEmail (spec §5)', () => {
  it.each(['ops@example.com', 'first.last+desk@corp.example.hk', 'a_b-c@sub-domain.example.co.uk', 'x@xn--fiqs8s.xn--j6w193g'])(
    'accepts %s',
    (email) => expect(validateBusinessEmail(email)).toBeNull(),
  );

  it.each([
    'plain',
    '@example.com',
    'a@',
    'a@example',
    'a@example.c',
    'a@-example.com',
    'a@example-.com',
    'a..b@example.com',
    '.a@example.com',
    'a.@example.com',
    'a b@example.com',
    ' a@example.com',
    'a@example.com.',
    'a@@example.com',
    'a@exa_mple.com',
    'a@example.123',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ])("refuses %s with 'Incorrect email, Please re-enter'", (email) => {
    expect(validateBusinessEmail(email)).toEqual({ key: 'errors.emailInvalid' });
  });

  it('requires a value', () => {
    expect(validateBusinessEmail('')).toEqual({ key: 'errors.emailRequired' });
    expect(validateBusinessEmail(null)).toEqual({ key: 'errors.emailRequired' });
  });
});
