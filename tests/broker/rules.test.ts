import { describe, expect, it } from 'vitest';
import { BROKER_EXCHANGE_RULES, BROKER_EXCHANGES, grantedPermissions, isIpAddress, parseIpList } from '../../contract/broker-rules.ts';
import { addMonths } from '../../server/broker/keys.ts';

describe('broker key rules (spec §5, §6, §9)', () => {
  it('reads IPv4 and IPv6 addresses and nothing else', () => {
    for (const ip of ['1.2.3.4', '255.255.255.255', '0.0.0.0', '::', '::1', '2001:db8::42', 'fe80::1:2:3:4', '2001:0db8:0000:0000:0000:ff00:0042:8329', '::ffff:192.0.2.1', '1:2:3:4:5:6:7::']) {
      expect(isIpAddress(ip), ip).toBe(true);
    }
    for (const ip of ['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', '1.2.3.4/24', '2001:db8::1::2', '12345::1', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', 'g::1', 'fe80::1%eth0', '', 'localhost', '::ffff:300.0.2.1']) {
      expect(isIpAddress(ip), ip).toBe(false);
    }
  });

  it('splits the bound-IP text on commas and spaces, at most 20 addresses and 500 characters, no repeats', () => {
    expect(parseIpList('')).toEqual({ ok: true, ips: [] });
    expect(parseIpList(' 1.2.3.4, 2001:db8::1\n5.6.7.8 ,')).toEqual({ ok: true, ips: ['1.2.3.4', '2001:db8::1', '5.6.7.8'] });
    const twenty = Array.from({ length: 20 }, (_, i) => `10.0.0.${i}`).join(',');
    expect(parseIpList(twenty)).toMatchObject({ ok: true });
    expect(parseIpList(`${twenty},10.0.1.1`)).toEqual({ ok: false, rule: 'count' });
    expect(parseIpList('1.1.1.1 '.repeat(63))).toEqual({ ok: false, rule: 'length' });
    expect(parseIpList('1.1.1.1, nope')).toEqual({ ok: false, rule: 'format', entry: 'nope' });
    expect(parseIpList('2001:DB8::1 2001:db8::1')).toEqual({ ok: false, rule: 'duplicate', entry: '2001:db8::1' });
  });

  it('grants permissions by the exchange table: withdraw needs an IP and brings read', () => {
    expect(grantedPermissions('okx', ['withdraw'], 1)).toEqual({ ok: true, permissions: ['read', 'withdraw'] });
    expect(grantedPermissions('okx', ['withdraw'], 0)).toEqual({ ok: false, rule: 'withdrawNeedsIp' });
    expect(grantedPermissions('okx', ['spot'], 0)).toEqual({ ok: false, rule: 'notOffered', permission: 'spot' });
    expect(grantedPermissions('binance', ['contracts', 'spot'], 0)).toEqual({ ok: true, permissions: ['spot', 'contracts'] });
    expect(grantedPermissions('coinbaseinternational', ['withdraw'], 2)).toMatchObject({ ok: false, rule: 'notOffered' });
    expect(grantedPermissions('binance', [], 0)).toEqual({ ok: false, rule: 'empty' });
    // Every exchange offers read, and its kinds include regular.
    for (const e of BROKER_EXCHANGES) {
      expect(BROKER_EXCHANGE_RULES[e].permissions).toContain('read');
      expect(BROKER_EXCHANGE_RULES[e].kinds).toContain('regular');
    }
  });

  it('an unbound key lives 3 calendar months, to the month end where the day does not exist', () => {
    expect(addMonths(new Date('2026-11-26T08:00:00Z'), 3).toISOString()).toBe('2027-02-26T08:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T08:00:00Z'), 3).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2027-08-31T23:59:59Z'), 3).toISOString()).toBe('2027-11-30T23:59:59.000Z');
  });
});
