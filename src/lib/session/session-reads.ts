/**
 * What other modules read of the session without starting it (the session needs a browser document, and the market
 * hooks and the trade API are imported by unit tests too): the selected account's key (spec §3 session keyId) and
 * the session's exchange (exchangeCode). src/lib/session/index.ts connects them when the session starts; until
 * then there is neither.
 */
export interface SessionReads {
  keyId(): string | null;
  exchangeCode(): string | null;
}

let reads: SessionReads = { keyId: () => null, exchangeCode: () => null };

export const selectedKeyId = (): string | null => reads.keyId();
export const sessionExchangeCode = (): string | null => reads.exchangeCode();

/** The session (index.ts), once it exists. */
export function connectSessionReads(next: SessionReads): void {
  reads = next;
}
