// A piece of the browser benches' page probes (strings: the page has no tsx helpers).

/**
 * Script text that wraps the `onmessage` handler a page sets on a MessagePort (the market bridge's, for the market
 * worker's batches): for a message whose data is a `batch`, `body` runs instead of the handler, with `fn` (the
 * handler: `fn.call(this, event)` runs it), `event` and `data` in scope; other messages go to the handler.
 */
export const wrapBatchHandler = (body: string) => `
  const portHandler = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() { return portHandler.get.call(this); },
    set(fn) {
      if (typeof fn !== 'function') return portHandler.set.call(this, fn);
      portHandler.set.call(this, function (event) {
        const data = event.data;
        if (!data || data.type !== 'batch') return fn.call(this, event);
        ${body}
      });
    },
  });`;
