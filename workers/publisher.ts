import type { BatchMessage, Subscription, TopicPayload } from './contract.ts';

/** Default publishing intervals: 100 ms for books and trades, 1 s for the ticker map. */
export const DEFAULT_INTERVAL_MS = 100;
export const TICKERS_INTERVAL_MS = 1000;

export function defaultInterval(sub: Subscription): number {
  const requested = sub.intervalMs;
  const fallback = sub.topic === 'tickers' ? TICKERS_INTERVAL_MS : DEFAULT_INTERVAL_MS;
  return requested !== undefined && requested >= DEFAULT_INTERVAL_MS ? requested : fallback;
}

/** Where a tab's batches go: a MessagePort in the worker, anything with the same shape in tests/benches. */
export interface TabSink {
  postMessage(message: BatchMessage, transfer: Transferable[]): void;
}

/** Per tab and subscription, what the tab has already been sent. */
export interface SentState {
  /** topic version last sent, -1 = never */
  version: number;
  /** for delta topics (tickers, klines): the topic's own cursor */
  cursor: number;
  /** for klines: the series generation the cursor belongs to (a history reload resets it) */
  generation: number;
}

/** The topics' owner: current version of a topic, and a payload built for one tab's subscription. */
export interface TopicSource {
  /**
   * The shared topic a subscription reads (tabs with different depths or groupings share one book). Taken once per
   * subscription; `version` and `payload` get it back, so the publisher's tick builds no key strings.
   */
  key(sub: Subscription): string;
  version(key: string): number;
  /** `full` asks for everything (not a delta); `transfer` collects typed arrays to transfer. */
  payload(id: string, key: string, sub: Subscription, sent: SentState, full: boolean, transfer: Transferable[]): TopicPayload | null;
}

interface TabSubscription {
  sub: Subscription;
  /** the source's key of its topic, taken once at subscribe */
  key: string;
  intervalMs: number;
  lastSentAt: number;
  sent: SentState;
}

interface Tab {
  sink: TabSink;
  visible: boolean;
  needFull: boolean;
  seq: number;
  subs: Map<string, TabSubscription>;
  /** when the tab was last sent a message */
  lastSentAt: number;
  /** when a book frame last sent the tab its message (`prompt`): the tick then leaves the tab to its book's pace */
  promptedAt: number;
}

/**
 * A book frame sends a tab its message when the tab's last one is at least this old (the 100 ms interval less
 * the arrival jitter of the exchange's 100 ms frames), and otherwise leaves it to the tick.
 */
export const PROMPT_MIN_MS = DEFAULT_INTERVAL_MS - 25;
/** A tab paced by its book's frames gets a message from the tick only when the frames are this late. */
export const PROMPT_GRACE_MS = DEFAULT_INTERVAL_MS + 25;
/** How long after a book frame last paced a tab the tick stays out of its way. */
const PROMPT_HOLD_MS = 3 * DEFAULT_INTERVAL_MS;
/** Timer jitter a tick allows a subscription's interval (a tick a few ms early must not skip a whole one). */
const TICK_SLACK_MS = 5;

/**
 * Per tab: at most one message per tick, carrying only the subscriptions whose topic changed and whose
 * interval has passed; nothing to a hidden tab, and a full snapshot when it becomes visible again.
 *
 * A book frame does not wait for the tick (bench/results/browser.md "Event to pixels"): `prompt` sends the
 * tabs that show the book their message when the frame arrives, with everything else due, so a tab on a live
 * book is paced by the exchange's 100 ms frames instead of a timer of its own phase, which added up to 100 ms
 * to every update.
 */
export class Publisher {
  private readonly tabs = new Map<string, Tab>();
  /** messages and payload items posted, for health and benches */
  messages = 0;
  items = 0;

  constructor(private readonly source: TopicSource) {}

  addTab(tabId: string, sink: TabSink, visible = true): void {
    this.tabs.set(tabId, { sink, visible, needFull: true, seq: 0, subs: new Map(), lastSentAt: -Infinity, promptedAt: -Infinity });
  }

  removeTab(tabId: string): void {
    this.tabs.delete(tabId);
  }

  hasTab(tabId: string): boolean {
    return this.tabs.has(tabId);
  }

  isVisible(tabId: string): boolean {
    return this.tabs.get(tabId)?.visible === true;
  }

  get tabCount(): number {
    return this.tabs.size;
  }

  setVisible(tabId: string, visible: boolean): void {
    const tab = this.tabs.get(tabId);
    if (tab === undefined || tab.visible === visible) return;
    tab.visible = visible;
    if (visible) tab.needFull = true; // it missed everything while hidden
  }

  subscribe(tabId: string, id: string, sub: Subscription): void {
    const tab = this.tabs.get(tabId);
    if (tab === undefined) return;
    tab.subs.set(id, { sub, key: this.source.key(sub), intervalMs: defaultInterval(sub), lastSentAt: -Infinity, sent: { version: -1, cursor: 0, generation: -1 } });
  }

  unsubscribe(tabId: string, id: string): Subscription | undefined {
    const tab = this.tabs.get(tabId);
    const entry = tab?.subs.get(id);
    tab?.subs.delete(id);
    return entry?.sub;
  }

  subscriptions(tabId: string): [string, Subscription][] {
    const tab = this.tabs.get(tabId);
    return tab ? [...tab.subs].map(([id, s]) => [id, s.sub]) : [];
  }

  /** Called by the clock every base tick (100 ms). */
  tick(now: number): void {
    for (const tab of this.tabs.values()) {
      if (!tab.visible) continue;
      // Paced by its book's frames (prompt): only when they are late.
      if (now - tab.promptedAt < PROMPT_HOLD_MS && now - tab.lastSentAt < PROMPT_GRACE_MS) continue;
      this.flush(tab, now, TICK_SLACK_MS);
    }
  }

  /**
   * The topic `key` got new data (a book frame): each visible tab subscribed to it, whose last
   * message is at least PROMPT_MIN_MS old, gets its message now, with every other subscription that is due.
   * Returns when the first tab that was too soon may be sent it (Infinity if none was): the caller prompts again
   * then, so that frames the socket delivered close together do not leave the second to wait for the next one.
   */
  prompt(key: string, now: number): number {
    let retryAt = Infinity;
    for (const tab of this.tabs.values()) {
      if (!tab.visible) continue;
      let changed = false;
      for (const entry of tab.subs.values()) {
        if (entry.key === key && this.source.version(key) !== entry.sent.version) {
          changed = true;
          break;
        }
      }
      if (!changed) continue;
      if (now - tab.lastSentAt < PROMPT_MIN_MS) {
        retryAt = Math.min(retryAt, tab.lastSentAt + PROMPT_MIN_MS);
        continue;
      }
      tab.promptedAt = now;
      this.flush(tab, now, DEFAULT_INTERVAL_MS - PROMPT_MIN_MS);
    }
    return retryAt;
  }

  /** One message to the tab with what changed and is due (`slack` ms early counts as due), if anything. */
  private flush(tab: Tab, now: number, slack: number): void {
    const full = tab.needFull;
    let items: TopicPayload[] | null = null;
    const transfer: Transferable[] = [];
    for (const [id, entry] of tab.subs) {
      if (!full && now - entry.lastSentAt < entry.intervalMs - slack) continue;
      const version = this.source.version(entry.key);
      if (!full && version === entry.sent.version) continue;
      const payload = this.source.payload(id, entry.key, entry.sub, entry.sent, full, transfer);
      entry.sent.version = version;
      // Nothing to send (a topic still waiting for its first data) starts no interval: the data goes out at the
      // first tick after it arrives, not an interval later (the ticker map's REST seed, a second otherwise).
      if (payload === null) continue;
      entry.lastSentAt = now;
      (items ??= []).push(payload); // deliberate: one array per message that is actually sent
    }
    if (full) tab.needFull = false;
    if (items === null && !full) return;
    const message: BatchMessage = { type: 'batch', seq: ++tab.seq, full, items: items ?? [] };
    this.messages++;
    this.items += message.items.length;
    tab.lastSentAt = now;
    tab.sink.postMessage(message, transfer);
  }
}
