import type { Frame } from '../parse/frame-reader.ts';
import { ScanningReader } from '../parse/scanning-reader.ts';
import type { Json } from './venue.ts';

/**
 * A reader of OKX's or Bitget's public sockets, which answer alike: text `pong` to a text `ping`,
 * `{"event":"subscribe"|"unsubscribe"|…,"arg":{…}}` and `{"event":"error","code":…,"msg":"…"}` (OKX's code a string,
 * Bitget's a number).
 */
export abstract class EventReader extends ScanningReader {
  protected override fromText(data: string): Frame | undefined {
    return data === 'pong' ? { kind: 'response', id: 0, result: 'pong' } : undefined;
  }

  /** The frame of an `event` message (null when malformed); undefined when the message carries no event. */
  protected event(msg: Json): Frame | null | undefined {
    if (typeof msg.event !== 'string') return undefined;
    if (msg.event === 'error') {
      const code = Number(msg.code);
      return Number.isFinite(code) && typeof msg.msg === 'string' ? { kind: 'error', id: null, code, msg: msg.msg } : null;
    }
    return { kind: 'response', id: 0, result: msg.event };
  }
}
