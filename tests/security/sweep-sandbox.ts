import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import { buildSandbox } from '../../server/app.ts';
import { ManualScheduler, Simulator } from '../../server/sim/index.ts';
import { FakeClock } from '../api/helpers.ts';

/**
 * The sandbox of hostile-sweep.test.ts, in a process of its own (`node --import tsx`), so that a request that
 * never ends or a handler that never gives the event loop back is seen as a call without an answer, not as a
 * test run that hangs. It listens on a free loopback port and prints one line of JSON: the port and every
 * route with its schemas.
 *
 * The probes of the step-up calls fail their password and code checks by the thousand; with the lockouts of
 * server/README.md the demo user could not sign in again after a probe ended its session. Lockouts have their
 * own tests (signin-attempts.test.ts); here they stay out of the way.
 */
const lockout = { threshold: 1_000_000, waitMs: 1000 };
const limits = {
  lockout: { password: lockout, passwordAccount: lockout, emailCode: lockout, smsCode: lockout, codeAccount: lockout, gaCode: lockout },
  captchaAfterFailures: 1_000_000,
};

const routes: Array<{ method: unknown; url: string; schema: unknown }> = [];
const sim = new Simulator({ seed: 11, scheduler: new ManualScheduler() });
const app = await buildSandbox({
  api: { clock: new FakeClock(), demoProject: false, limits },
  sim: { simulator: sim },
  onRoute: (route: RouteOptions) => routes.push({ method: route.method, url: route.url, schema: route.schema ?? {} }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port, routes })}\n`);
