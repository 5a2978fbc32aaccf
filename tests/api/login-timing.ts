/**
 * Measures the three login failures side by side (wrong password, unknown user, undecodable ciphertext)
 * over real HTTP: they should be indistinguishable in time as they are in reply.
 * Run: `npx tsx tests/api/login-timing.ts` (not a test: timing is measured, never asserted).
 */
import { defaultLimits } from '../../server/platform/context.ts';
import { TestApi } from './helpers.ts';

const rounds = Number(process.argv[2] ?? 60);
// A lockout would change the reply half-way; lift it for the measurement.
const api = await TestApi.start({
  limits: { lockout: { ...defaultLimits.lockout, password: { threshold: Number.MAX_SAFE_INTEGER, waitMs: 1 } } },
});
await api.register('Right-Pass1', 'known@firm.test');
const cases: Record<string, () => { username: string; password: string }> = {
  wrongPassword: () => ({ username: 'known@firm.test', password: api.encrypt('Wrong-Pass1') }),
  unknownUser: () => ({ username: 'unknown@firm.test', password: api.encrypt('Wrong-Pass1') }),
  badPadding: () => ({ username: 'known@firm.test', password: Buffer.alloc(256, 0x41).toString('base64') }),
};
const samples = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]));
// Interleaved, so drift in machine load hits every case alike.
for (let round = 0; round < rounds; round++) {
  for (const [name, make] of Object.entries(cases)) {
    const body = make();
    const start = performance.now();
    const reply = await api.call('POST', '/institution/login', { body });
    samples.get(name)?.push(performance.now() - start);
    if (reply.code !== 10001) throw new Error(`unexpected reply: ${JSON.stringify(reply)}`);
  }
}
for (const [name, list] of samples) {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (p: number) => (sorted[Math.floor(p * (sorted.length - 1))] ?? 0).toFixed(1);
  console.log(`${name.padEnd(14)} median ${at(0.5)} ms  p10 ${at(0.1)}  p90 ${at(0.9)}  (n=${list.length})`);
}
await api.close();
