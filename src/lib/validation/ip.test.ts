import { describe, expect, it } from 'vitest';
import { isIPv4, isIPv6, parseIpList, validateIpList } from './ip.ts';

describe('isIPv4', () => {
  it.each(['0.0.0.0', '127.0.0.1', '192.168.1.254', '255.255.255.255'])('accepts %s', (ip) => expect(isIPv4(ip)).toBe(true));
  it.each(['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.-4', '1.2.3.4 ', 'a.b.c.d', '1..2.3'])('refuses %s', (ip) =>
    expect(isIPv4(ip)).toBe(false),
  );
});

describe('isIPv6 (RFC 4291 text forms)', () => {
  it.each([
    '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
    '2001:db8:85a3::8a2e:370:7334',
    '::1',
    '::',
    'fe80::',
    '1::8',
    '1:2:3:4:5:6:7::',
    '::2:3:4:5:6:7:8',
    '::ffff:192.0.2.128',
    '64:ff9b::192.0.2.33',
    '1:2:3:4:5:6:1.2.3.4',
    'ABCD:EF01:2345:6789:ABCD:EF01:2345:6789',
  ])('accepts %s', (ip) => expect(isIPv6(ip)).toBe(true));

  it.each([
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7:8::',
    '1::2::3',
    ':::',
    ':1::2',
    '1::2:',
    '12345::1',
    'g::1',
    '::ffff:256.0.0.1',
    '1:2:3:4:5:6:7:1.2.3.4',
    '1.2.3.4',
    'fe80::1%eth0',
    '2001:db8::/32',
    '',
  ])('refuses %s', (ip) => expect(isIPv6(ip)).toBe(false));
});

describe('validateIpList (spec §5)', () => {
  it('reads comma- and space-separated lists', () => {
    expect(parseIpList('1.1.1.1, 2.2.2.2 ::1\n3.3.3.3,,')).toEqual(['1.1.1.1', '2.2.2.2', '::1', '3.3.3.3']);
    expect(validateIpList('1.1.1.1,2001:db8::1 10.0.0.1')).toBeNull();
  });

  it('accepts 20 addresses and refuses 21', () => {
    const ips = Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`);
    expect(validateIpList(ips.slice(0, 20).join(','))).toBeNull();
    expect(validateIpList(ips.join(','))).toEqual({ key: 'errors.ipTooMany', params: { max: 20 } });
  });

  it('refuses text over 500 characters even when the addresses are few', () => {
    const text = `1.1.1.1${' '.repeat(494)}`; // 501 characters
    expect(validateIpList(text)).toEqual({ key: 'errors.ipTextTooLong', params: { max: 500 } });
    expect(validateIpList(text.slice(0, 500))).toBeNull();
  });

  it('names the first invalid address', () => {
    expect(validateIpList('1.1.1.1, 300.1.1.1, nope')).toEqual({ key: 'errors.ipInvalid', params: { ip: '300.1.1.1' } });
  });

  it('allows an empty list unless required', () => {
    expect(validateIpList('')).toBeNull();
    expect(validateIpList(' , ', { required: true })).toEqual({ key: 'errors.ipRequired' });
  });
});
