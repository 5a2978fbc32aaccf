import type { Clock } from './clock.ts';
import type { Publisher } from './publisher.ts';

/**
 * A book that changed goes to the tabs showing it now, not at the next tick (Publisher.prompt). A tab sent a
 * message too recently gets the book as soon as it may: the books waiting for that share one timer, set for the
 * earliest moment the publisher named.
 */
export class BookPrompts {
  /** Books changed while a tab showing them had just been sent a message, and when to prompt them again. */
  private readonly waitingBooks = new Set<string>();
  private promptTimer = -1;
  private promptRetryAt = Infinity;

  constructor(
    private readonly clock: Clock,
    private readonly publisher: Publisher,
    /** the topics alive now: a book released while it waited is not prompted */
    private readonly live: ReadonlyMap<string, unknown>,
  ) {}

  /** Sends a changed book to the tabs that show it; a tab sent a message too recently gets it as soon as it may. */
  prompt(key: string, now: number): void {
    const retryAt = this.publisher.prompt(key, now);
    if (retryAt === Infinity) return;
    this.waitingBooks.add(key);
    if (retryAt >= this.promptRetryAt) return;
    this.clock.clearTimeout(this.promptTimer);
    this.promptRetryAt = retryAt;
    this.promptTimer = this.clock.setTimeout(() => {
      this.promptTimer = -1;
      this.promptRetryAt = Infinity;
      const keys = [...this.waitingBooks];
      this.waitingBooks.clear();
      for (const k of keys) if (this.live.has(k)) this.prompt(k, this.clock.now());
    }, Math.max(0, retryAt - now));
  }

  dispose(): void {
    this.clock.clearTimeout(this.promptTimer);
    this.promptTimer = -1;
    this.promptRetryAt = Infinity;
    this.waitingBooks.clear();
  }
}
