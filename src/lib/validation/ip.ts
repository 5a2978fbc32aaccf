import { charCount, invalid, type ValidationResult } from './types.ts';

/** spec §5, §9: bound IPs: at most 20 addresses, IP text at most 500 characters. */
export const IP_MAX_COUNT = 20;
export const IP_TEXT_MAX_LENGTH = 500;

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'; // no leading zeros: '010' reads as octal in some stacks
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEXTET = /^[0-9A-Fa-f]{1,4}$/;

export function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

/**
 * IPv6 text form of RFC 4291 §2.2: eight 1–4 digit hex groups, at most one '::' standing for one or
 * more zero groups, and an optional dotted IPv4 tail counting as two groups. Zone ids ('%eth0') and
 * prefixes ('/64') are not addresses and are refused.
 */
export function isIPv6(text: string): boolean {
  let body = text;
  let groupsFromTail = 0;
  if (body.includes('.')) {
    const lastColon = body.lastIndexOf(':');
    if (lastColon < 0 || !isIPv4(body.slice(lastColon + 1))) return false;
    body = body.slice(0, lastColon + 1);
    // 'x::' + tail keeps its '::'; 'x:' + tail leaves a trailing ':' to drop.
    if (!body.endsWith('::')) body = body.slice(0, -1);
    groupsFromTail = 2;
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string | undefined): string[] | null => {
    if (part === undefined || part === '') return [];
    const list = part.split(':');
    return list.every((g) => HEXTET.test(g)) ? list : null;
  };
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  if (head === null || tail === null) return false;
  const count = head.length + tail.length + groupsFromTail;
  return halves.length === 2 ? count <= 7 : count === 8;
}

export function isIpAddress(text: string): boolean {
  return isIPv4(text) || isIPv6(text);
}

/** spec §5: addresses are comma-separated, also read as space-separated. */
export function parseIpList(text: string): string[] {
  return text.split(/[\s,]+/).filter((ip) => ip !== '');
}

/**
 * spec §5: bound IP list. Checks the text length (≤ 500), the count (≤ 20), then each address
 * (IPv4 or IPv6); the first bad address is named in the params. Empty is valid unless required.
 */
export function validateIpList(text: string | null | undefined, options: { required?: boolean } = {}): ValidationResult {
  const value = text ?? '';
  if (charCount(value) > IP_TEXT_MAX_LENGTH) return invalid('errors.ipTextTooLong', { max: IP_TEXT_MAX_LENGTH });
  const ips = parseIpList(value);
  if (ips.length === 0) return options.required ? invalid('errors.ipRequired') : null;
  if (ips.length > IP_MAX_COUNT) return invalid('errors.ipTooMany', { max: IP_MAX_COUNT });
  const bad = ips.find((ip) => !isIpAddress(ip));
  return bad === undefined ? null : invalid('errors.ipInvalid', { ip: bad });
}
