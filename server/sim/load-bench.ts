/**
 * Load check for the simulator: one websocket client, many streams, real time.
 * `npx tsx server/sim/load-bench.ts [rate] [seconds]` prints messages per second received by the client
 * and the server process's CPU time per second. Not part of the test run (speed is not asserted in tests).
 */
import Fastify from 'fastify';
import WebSocket from 'ws';
import { INSTRUMENTS } from './instruments.ts';
import { simPlugin } from './index.ts';
import { Simulator } from './simulator.ts';

const rate = Number(process.argv[2] ?? 1000);
const seconds = Number(process.argv[3] ?? 5);
const sim = new Simulator({ seed: 1, rate });
const app = Fastify();
await app.register(simPlugin, { prefix: '/sim', simulator: sim });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
if (addr === null || typeof addr === 'string') throw new Error('no address');

const symbols = INSTRUMENTS.spot.slice(0, 10).map((i) => i.symbol.toLowerCase());
const streams = symbols.flatMap((s) => [`${s}@trade`, `${s}@aggTrade`, `${s}@bookTicker`, `${s}@depth@100ms`]);
const ws = new WebSocket(`ws://127.0.0.1:${addr.port}/sim/stream.binance.com/stream?streams=${streams.join('/')}`);
let count = 0;
let bytes = 0;
ws.on('message', (data: Buffer) => {
  count++;
  bytes += data.length;
});
await new Promise((r) => ws.once('open', r));
await new Promise((r) => setTimeout(r, 1000)); // warm-up
count = 0;
bytes = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await new Promise((r) => setTimeout(r, seconds * 1000));
const elapsed = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    rate,
    symbols: symbols.length,
    streams: streams.length,
    messagesPerSecond: Math.round(count / elapsed),
    megabytesPerSecond: Number((bytes / elapsed / 1e6).toFixed(2)),
    cpuPerSecond: Number(((cpu.user + cpu.system) / 1e6 / elapsed).toFixed(2)),
  }),
);
ws.close();
await app.close();
sim.stop();
