import { describe, expect, it } from 'vitest';
import { Connection, MAX_RECONNECTS, type ConnectionListener } from './connection.ts';
import { BACKOFF_MAX_MS, reconnectDelay } from './connection/timing.ts';
import type { Frame } from './parse/frame-reader.ts';
import { FakeClock } from './testing/fake-clock.ts';
import { fakeSocketFactory, type FakeSocket } from './testing/fake-socket.ts';

function setup(maxMessagesPerSecond = 5) {
  const clock = new FakeClock();
  const { factory, sockets } = fakeSocketFactory();
  const events: string[] = [];
  const frames: Frame[] = [];
  const listener: ConnectionListener = {
    onFrame: (f) => frames.push(f),
    onOpen: () => events.push('open'),
    onDown: () => events.push('down'),
  };
  const connection = new Connection({
    id: 'spot',
    url: 'ws://127.0.0.1:1/sim/stream.binance.com',
    maxMessagesPerSecond,
    clock,
    socketFactory: factory,
    listener,
    random: () => 0.5,
  });
  const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
  return { clock, sockets, events, frames, connection, last };
}

type Sent = { method: string; params?: string[]; id: number };

describe('Connection: reference counting and batching', () => {
  it('opens one socket lazily, subscribes on the first holder and unsubscribes after the last', () => {
    const { connection, sockets, last } = setup();
    expect(sockets).toHaveLength(0);
    connection.acquire('btcusdt@depth@100ms');
    connection.acquire('btcusdt@depth@100ms');
    connection.acquire('ethusdt@aggTrade');
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://127.0.0.1:1/sim/stream.binance.com/stream?streams=btcusdt%40depth%40100ms');
    last().open();
    expect(last().subscribed()).toEqual(new Set(['btcusdt@depth@100ms', 'ethusdt@aggTrade']));
    connection.release('btcusdt@depth@100ms');
    expect(last().subscribed().has('btcusdt@depth@100ms')).toBe(true);
    connection.release('btcusdt@depth@100ms');
    expect(last().subscribed().has('btcusdt@depth@100ms')).toBe(false);
    expect(sockets).toHaveLength(1);
  });

  it('a stream taken and dropped before it went out costs no message at all', () => {
    const { connection, last } = setup();
    connection.acquire('a');
    connection.acquire('b');
    connection.release('b');
    last().open();
    expect(last().sent).toEqual([]);
    expect(last().subscribed()).toEqual(new Set(['a']));
  });

  it('batches SUBSCRIBE under the messages-per-second limit', () => {
    const { connection, last, clock } = setup(5);
    connection.acquire('s0');
    last().open();
    for (let i = 1; i <= 2000; i++) connection.acquire(`s${i}`);
    // at most 4 control messages per second (one slot kept for a liveness ping), 200 params each
    const sentBy = (): Sent[] => last().sent as Sent[];
    expect(sentBy().length).toBe(4);
    expect(sentBy().every((m) => m.method === 'SUBSCRIBE' && (m.params?.length ?? 0) <= 200)).toBe(true);
    const samples: [number, number][] = [[clock.now(), sentBy().length]];
    for (let t = 0; t < 7000; t += 50) {
      clock.advance(50);
      samples.push([clock.now(), sentBy().length]);
    }
    expect(last().subscribed().size).toBe(1024); // Binance's cap per connection
    expect(connection.acquire('one-too-many')).toBe(false);
    // Never more than 4 control messages in any one-second window.
    for (const [t0, n0] of samples) {
      for (const [t1, n1] of samples) if (t1 > t0 && t1 - t0 < 1000) expect(n1 - n0).toBeLessThanOrEqual(4);
    }
  });

  it('closes the socket a while after the last stream is released', () => {
    const { connection, last, clock, events } = setup();
    connection.acquire('a');
    last().open();
    connection.release('a');
    clock.advance(4000);
    expect(last().closed).toBe(false);
    clock.advance(2000);
    expect(last().closed).toBe(true);
    expect(connection.state).toBe('idle');
    expect(events).toEqual(['open', 'down']);
  });
});

describe('Connection: liveness (spec §4, §9)', () => {
  it('pings with LIST_SUBSCRIPTIONS after 5 s of silence and reconnects when no answer comes within 10 s', () => {
    const { connection, last, clock, sockets, events } = setup();
    connection.acquire('a');
    last().open();
    clock.advance(3000); // check at 3 s: silent 3 s, no ping
    expect((last().sent as Sent[]).filter((m) => m.method === 'LIST_SUBSCRIPTIONS')).toHaveLength(0);
    clock.advance(3000); // check at 6 s: silent 6 s → ping
    const pings = (last().sent as Sent[]).filter((m) => m.method === 'LIST_SUBSCRIPTIONS');
    expect(pings).toHaveLength(1);
    clock.advance(9000); // checks at 9, 12, 15: 9 s since the ping, still waiting
    expect(sockets).toHaveLength(1);
    clock.advance(3000); // check at 18: 12 s ≥ 10 s → reconnect
    expect(last().closed).toBe(true);
    expect(events).toEqual(['open', 'down']);
    expect(connection.state).toBe('reconnecting');
    clock.advance(1000); // backoff 500 ms × (0.5 + 0.25)
    expect(sockets).toHaveLength(2);
    expect(last().url).toContain('streams=a');
    last().open();
    expect(events).toEqual(['open', 'down', 'open']);
  });

  it('an answer to the ping keeps the connection', () => {
    const { connection, last, clock, sockets } = setup();
    connection.acquire('a');
    last().open();
    clock.advance(6000);
    const ping = (last().sent as Sent[]).find((m) => m.method === 'LIST_SUBSCRIPTIONS') as Sent;
    last().receive({ result: ['a'], id: ping.id });
    clock.advance(5000);
    expect(sockets).toHaveLength(1);
    expect(connection.state).toBe('open');
  });

  it('after the burst of 5 reconnects (spec §4) it is offline but keeps trying at the capped step, never giving up', () => {
    const { connection, last, clock, sockets } = setup();
    connection.acquire('a');
    last().drop(); // the first socket never opens
    for (let i = 0; i < MAX_RECONNECTS; i++) {
      clock.advance(20_000);
      last().drop();
    }
    expect(sockets).toHaveLength(1 + MAX_RECONNECTS);
    expect(connection.state).toBe('offline');
    // The step is capped at 10 s; with the test's jitter (random 0.5) every later attempt comes 7.5 s apart.
    const capped = 7_500;
    for (let i = 0; i < 20; i++) {
      clock.advance(capped - 1);
      expect(sockets).toHaveLength(1 + MAX_RECONNECTS + i);
      clock.advance(1);
      expect(sockets).toHaveLength(2 + MAX_RECONNECTS + i);
      expect(connection.state).toBe('offline'); // still reported offline while it tries
      last().drop();
    }
    // The backend is back: the next attempt opens.
    clock.advance(capped);
    last().open();
    expect(connection.state).toBe('open');
    expect(connection.health().reconnects).toBe(MAX_RECONNECTS + 21);
  });

  it('the step after the burst is capped and jittered (50–100 %)', () => {
    expect([1, 2, 3, 4, 5].map((n) => reconnectDelay(n, () => 0.999999))).toEqual([500, 1000, 2000, 4000, 8000]);
    for (const attempt of [6, 7, 50, 10_000]) {
      expect(reconnectDelay(attempt, () => 0)).toBe(BACKOFF_MAX_MS / 2);
      expect(reconnectDelay(attempt, () => 0.999999)).toBe(BACKOFF_MAX_MS);
    }
  });

  it('retry() (a tab attached or shown, the browser online) tries at once and gives a fresh burst', () => {
    const { connection, last, clock, sockets } = setup();
    connection.acquire('a');
    last().drop();
    for (let i = 0; i < MAX_RECONNECTS; i++) {
      clock.advance(20_000);
      last().drop();
    }
    expect(connection.state).toBe('offline');
    connection.retry();
    expect(sockets).toHaveLength(2 + MAX_RECONNECTS);
    expect(connection.state).toBe('connecting');
    connection.retry(); // an attempt under way is not doubled
    expect(sockets).toHaveLength(2 + MAX_RECONNECTS);
    last().drop();
    // a fresh burst: the first attempt after the retry comes after 375 ms, not the capped 7.5 s
    expect(connection.state).toBe('reconnecting');
    clock.advance(375);
    expect(sockets).toHaveLength(3 + MAX_RECONNECTS);
    last().open();
    expect(connection.state).toBe('open');
    expect(sockets.filter((s) => !s.closed)).toHaveLength(1);
  });

  it('backs off exponentially with jitter', () => {
    const { connection, last, clock, sockets } = setup();
    connection.acquire('a');
    last().drop();
    // attempt 1: 500 × 0.75 = 375 ms; attempt 2: 1000 × 0.75 = 750 ms
    clock.advance(374);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
    last().drop();
    clock.advance(749);
    expect(sockets).toHaveLength(2);
    clock.advance(1);
    expect(sockets).toHaveLength(3);
  });

  it('the watchdog replaces a socket that neither opens nor fails', () => {
    const { connection, clock, sockets } = setup();
    connection.acquire('a');
    clock.advance(9000);
    connection.watchdog();
    expect(sockets).toHaveLength(1);
    clock.advance(2000);
    connection.watchdog();
    clock.advance(1000);
    expect(sockets).toHaveLength(2);
  });

  it('resubscribes every held stream on the new socket', () => {
    const { connection, last } = setup();
    connection.acquire('a');
    last().open();
    connection.acquire('b');
    connection.acquire('c');
    connection.release('c');
    last().drop();
    connection.retry(); // skip the backoff
    last().open();
    expect(last().subscribed()).toEqual(new Set(['a', 'b']));
  });
});

describe('Connection: frames', () => {
  it('moves to a new socket when the server announces a shutdown', () => {
    const { connection, last, sockets, clock } = setup();
    connection.acquire('a');
    last().open();
    last().receive('{"e":"serverShutdown","E":1}');
    expect(sockets[0]?.closed).toBe(true);
    clock.advance(1000);
    expect(sockets).toHaveLength(2);
    expect(connection.health().rejectedFrames).toBe(0);
    // Binance wraps it like every other frame on a combined stream.
    last().open();
    last().receive('{"stream":"!serverShutdown","data":{"e":"serverShutdown","E":2}}');
    expect(sockets[1]?.closed).toBe(true);
    clock.advance(1000);
    expect(sockets).toHaveLength(3);
    expect(connection.health().rejectedFrames).toBe(0);
  });

  it('passes data frames on, swallows responses, counts rejected frames and measures messages/s', () => {
    const { connection, last, frames, clock } = setup();
    connection.acquire('btcusdt@aggTrade');
    last().open();
    last().receive({ result: null, id: 1 });
    last().receive('{"stream":"btcusdt@aggTrade","data":{"e":"aggTrade","a":1,"p":"1","q":"2","T":3,"m":false}}');
    last().receive('not json');
    last().receive('{"stream":"x","data":{"e":"aggTrade"}}');
    expect(frames.map((f) => f.kind)).toEqual(['trade']);
    clock.advance(1000);
    const health = connection.health();
    expect(health.rejectedFrames).toBe(2);
    expect(health.messagesPerSecond).toBe(4);
    expect(health.lastEventAgeMs).toBe(1000);
    expect(health.state).toBe('open');
  });
});
