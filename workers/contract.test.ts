import { describe, expectTypeOf, it } from 'vitest';
import type { BatchMessage, BookPayload, Subscription, TopicPayload } from './contract.ts';
import type { MarketCoreApi } from './worker-api.ts';

// Pins the message shapes both sides rely on (checked by `tsc -b`, which type-checks this file).
describe('contract', () => {
  it('topic payloads are a tagged union on `type`', () => {
    expectTypeOf<TopicPayload['type']>().toEqualTypeOf<'book' | 'trades' | 'tickers' | 'klines' | 'mark'>();
    expectTypeOf<Extract<TopicPayload, { type: 'book' }>>().toEqualTypeOf<BookPayload>();
    expectTypeOf<BookPayload['bids']>().toEqualTypeOf<Float64Array>();
    expectTypeOf<BatchMessage['items']>().toEqualTypeOf<TopicPayload[]>();
    expectTypeOf<Subscription['topic']>().toEqualTypeOf<'book' | 'trades' | 'tickers' | 'klines' | 'mark'>();
  });

  it('the worker API is derived from the implementation', () => {
    expectTypeOf<keyof MarketCoreApi>().toEqualTypeOf<
      'attach' | 'detach' | 'subscribe' | 'unsubscribe' | 'setVisible' | 'reconnect' | 'health'
    >();
    expectTypeOf<Parameters<MarketCoreApi['subscribe']>>().toEqualTypeOf<[string, string, Subscription]>();
  });
});
