import type { SocketFactory, SocketLike } from '../connection.ts';

/** An in-memory socket for tests: records what the core sends, lets the test play the server. */
export class FakeSocket implements SocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: unknown[] = [];
  closed = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.closed) throw new Error('closed');
    // JSON control messages are kept parsed; a text keep-alive (OKX's `ping`) as it was sent
    let message: unknown = data;
    try {
      message = JSON.parse(data);
    } catch {
      // not JSON
    }
    this.sent.push(message);
  }

  close(): void {
    this.closed = true;
  }

  /** server side */
  open(): void {
    this.onopen?.({});
  }

  receive(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  drop(): void {
    this.closed = true;
    this.onclose?.({});
  }

  /** streams in the URL plus every SUBSCRIBE minus every UNSUBSCRIBE */
  subscribed(): Set<string> {
    const query = new URL(this.url).searchParams.get('streams') ?? '';
    const set = new Set(query === '' ? [] : query.split('/'));
    for (const m of this.sent as { method?: string; params?: string[] }[]) {
      if (m.method === 'SUBSCRIBE') for (const p of m.params ?? []) set.add(p);
      if (m.method === 'UNSUBSCRIBE') for (const p of m.params ?? []) set.delete(p);
    }
    return set;
  }
}

export function fakeSocketFactory(): { factory: SocketFactory; sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    factory: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  };
}
