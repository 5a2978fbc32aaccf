/**
 * spec §2 start-up: "Phone-like user agents get no page background class". The same test is the system config's
 * isClient flag (spec §3 "System config"), so both read it from here.
 */
const PHONE_UA = /Mobi|Android|iPhone|iPod|Windows Phone|BlackBerry/i;

export function isPhoneUserAgent(userAgent: string): boolean {
  return PHONE_UA.test(userAgent);
}
