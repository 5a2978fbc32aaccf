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

/**
 * The device as fields for a reader's own language: the browser's and the system's product names (the same in
 * every language), null where the User-Agent names none. The app words them ("Chrome on Windows", 「Windows 上的
 * Chrome」, 未知瀏覽器); the server never sends a sentence for it.
 */
export interface DeviceParts {
  browser: string | null;
  os: string | null;
}

export function deviceParts(userAgent: string | null | undefined): DeviceParts {
  if (!userAgent) return { browser: null, os: null };
  return {
    browser: browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null,
    os: systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null,
  };
}

/** One English line for comparing devices (the new-device alert) and for logs; readers get deviceParts. */
export function deviceSummary(userAgent: string | null | undefined): string {
  const { browser, os } = deviceParts(userAgent);
  if (!browser && !os) return unknownDevice;
  return `${browser ?? 'Unknown browser'} on ${os ?? 'unknown OS'}`;
}
