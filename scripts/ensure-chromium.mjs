// Finds Chromium for the browser and end-to-end tests; on Debian as root, installs it when missing.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const fix = 'Install Debian\'s chromium (`apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.';

export function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return candidates.find((p) => existsSync(p));
}

export function ensureChromium() {
  let found = findChromium();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!found && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian\'s chromium package…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    found = findChromium();
  }
  if (!found) return { ok: false, message: `Chromium not found. ${fix}` };
  return { ok: true, path: found };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = ensureChromium();
  console.log(result.ok ? `Chromium: ${result.path}` : result.message);
  process.exit(result.ok ? 0 : 1);
}
