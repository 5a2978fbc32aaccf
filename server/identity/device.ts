/**
 * A short, stable name for the device a session or sign-in came from: browser and operating system from the
 * User-Agent, without versions (a browser update is not a new device). Shown in the sessions list and compared
 * for the new-device sign-in alert; the User-Agent is the client's own claim, so this is a hint for the user,
 * not a security boundary.
 */
const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  // Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const unknownDevice = 'Unknown device';

export function deviceSummary(userAgent: string | null | undefined): string {
  if (!userAgent) return unknownDevice;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return unknownDevice;
  return `${browser ?? 'Unknown browser'} on ${system ?? 'unknown OS'}`;
}
