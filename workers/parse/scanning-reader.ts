import { createDepthEvent, type DepthEvent } from '../book/depth-event.ts';
import { DEFAULT_MAX_FRAME_CHARS, type Frame } from './frame-reader.ts';

/** A venue's allocation-free depth scanner: frame text straight into a reused DepthEvent, false for anything else. */
export interface DepthTextScanner {
  /** the routing key of the last frame scanned */
  stream: string;
  scan(text: string, ev: DepthEvent): boolean;
}

/**
 * The read of a venue's socket frames, once, where they enter (../shared/CONVENTIONS.md "validate once"): the size cap,
 * the venue's depth scanner first (no JSON.parse), else JSON.parse and the venue's own reading (`fromJson`). Anything
 * unreadable is counted in `rejected` and dropped (null), never thrown. The depth Frame and its event are reused for
 * the next frame. OKX's and Bybit's readers are this with their scanner and their messages.
 */
export abstract class ScanningReader {
  rejected = 0;
  /** depth frames read without JSON.parse */
  scanned = 0;
  protected readonly depthFrame: { kind: 'depth'; stream: string; event: DepthEvent } = {
    kind: 'depth',
    stream: '',
    event: createDepthEvent(64),
  };

  constructor(
    private readonly scanner: DepthTextScanner,
    private readonly maxFrameChars = DEFAULT_MAX_FRAME_CHARS,
  ) {}

  read(data: unknown): Frame | null {
    if (typeof data !== 'string' || data.length > this.maxFrameChars) return this.reject();
    const early = this.fromText(data);
    if (early !== undefined) return early;
    const frame = this.depthFrame;
    if (this.scanner.scan(data, frame.event)) {
      frame.stream = this.scanner.stream;
      this.scanned++;
      return frame;
    }
    let msg: unknown;
    try {
      msg = JSON.parse(data);
    } catch {
      return this.reject();
    }
    return this.fromJson(msg) ?? this.reject();
  }

  /** A frame the venue sends as plain text (OKX's `pong`); undefined when the text is JSON to read. */
  protected fromText(_data: string): Frame | null | undefined {
    return undefined;
  }

  /** The venue's reading of a parsed message; null when it is not one the venue sends. */
  protected abstract fromJson(msg: unknown): Frame | null;

  protected reject(): null {
    this.rejected++;
    return null;
  }
}
