import { existsSync } from 'node:fs';

// Debian's chromium is the browser on every machine of this project (browser downloads fail here).
// CHROMIUM_PATH overrides it for machines that keep Chromium elsewhere.
const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv) return fromEnv;
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium not found. Install it with `apt-get install -y chromium` (Debian) or set CHROMIUM_PATH.',
    );
  }
  return found;
}

// These flags keep Chromium off the network (this machine has none) and work as root in a container.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
