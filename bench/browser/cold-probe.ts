// The probes of cold-start.ts (strings: the page and the worker have no tsx helpers). Times are ms from the page's
// navigation (its performance.now()); the painter worker's are epoch ms (timeOrigin + now), converted by the bench.
import { wrapBatchHandler } from './port-probe.ts';

/**
 * Installed in the page before its scripts. Marks (first occurrence only):
 *   sharedWorker / painterWorker  the market worker and the list painter were constructed;
 *   attach:<list>                 a list handed its canvas to the painter (book-bids, book-asks, recent-trades…);
 *   firstBatch                    the market worker's first batch reached the tab (its MessagePort);
 *   firstBook / bookApplied       the first batch with a synced book of the viewed pair with bids, when it arrived and
 *                                 when the bridge's handler (stores, subscriptions, the lists' ticks) returned;
 *   bookPosted                    the first `paint` message to the painter whose bids' first line shows a price (it is
 *                                 tagged `__cold`, for the worker's probe);
 *   pageFrameAfterPost            the page's next frame after it (its rAF callback, as the painter's is taken): a
 *                                 canvas new in the document is on screen only once the page has drawn a frame with
 *                                 it, whatever its worker drew;
 *   bookText / pricePainted       a requestAnimationFrame loop saw a price in the bids' document copy (the frame after
 *                                 it), and the header's last price;
 *   root / skeleton / bookBody    the first element in #root, the book's loading skeleton, the book's side lists.
 */
export const pageProbe = (viewed: string) => `(() => {
  const c = { marks: {}, names: new Map() };
  window.__cold = c;
  const mark = (name) => { if (!(name in c.marks)) c.marks[name] = performance.now(); };
  const SW = window.SharedWorker;
  if (SW) window.SharedWorker = new Proxy(SW, { construct(t, args, nt) { mark('sharedWorker'); return Reflect.construct(t, args, nt); } });
  const W = window.Worker;
  window.Worker = new Proxy(W, { construct(t, args, nt) { mark(args[1] && args[1].name === 'row-painter' ? 'painterWorker' : 'worker'); return Reflect.construct(t, args, nt); } });
  const post = W.prototype.postMessage;
  W.prototype.postMessage = function (message) {
    if (message && typeof message === 'object') {
      if (message.type === 'attach' && typeof message.name === 'string') { c.names.set(message.id, message.name); mark('attach:' + message.name); }
      else if (message.type === 'paint' && c.names.get(message.id) === 'book-bids' && !('bookPosted' in c.marks)) {
        const col = message.frame && message.frame.columns && message.frame.columns[0];
        if (col && typeof col.lines[0] === 'string' && col.lines[0] !== '') {
          message.__cold = 1;
          mark('bookPosted');
          // The page's next frame: the one that puts a new canvas (its layer) on screen.
          requestAnimationFrame(() => mark('pageFrameAfterPost'));
        }
      }
    }
    return post.apply(this, arguments);
  };
  ${wrapBatchHandler(`
        mark('firstBatch');
        const book = !('firstBook' in c.marks) && data.items.some((i) => i.type === 'book' && i.symbol === '${viewed}' && i.synced && i.bids.length > 0);
        if (book) mark('firstBook');
        try { return fn.call(this, event); } finally { if (book) mark('bookApplied'); }`)}
  const watch = (selector, shown, name) => {
    const look = () => {
      const cell = document.querySelector(selector);
      if (cell && shown.test(cell.textContent || '')) { requestAnimationFrame(() => mark(name)); return; }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
  watch('[data-testid="book-bids"] [data-col="price"]', /\\S/, 'bookText');
  watch('[data-testid="last-price"]', /\\d/, 'pricePainted');
  const seen = new MutationObserver(() => {
    if (document.querySelector('#root > *')) mark('root');
    if (document.querySelector('[data-testid="book-skeleton"]')) mark('skeleton');
    if (document.querySelector('[data-testid="book-bids"]')) { mark('bookBody'); seen.disconnect(); }
  });
  seen.observe(document, { childList: true, subtree: true });
})()`;

/**
 * Evaluated in the painter worker as soon as Playwright reports it: wraps its `onmessage` (now, or when its module
 * sets it) and records, for the page's tagged message (`__cold`), when the handler started and returned and the
 * worker's next requestAnimationFrame callback: the frame that shows the first book level. `late` counts messages
 * the worker had handled before the wrapper was in place (then the tagged one may have been missed).
 */
export const WORKER_PROBE = `(() => {
  if (self.__cold) return true;
  const now = () => performance.timeOrigin + performance.now();
  const p = { installedAt: now(), first: null, book: null };
  self.__cold = p;
  const wrap = (fn) => function (event) {
    if (!p.first) {
      // The worker's first message (a list's canvas handed over): when it came and how long its handler took.
      const at = now();
      try { return fn.call(this, event); } finally { p.first = { received: at, handled: now() }; }
    }
    if (!event.data || event.data.__cold !== 1) return fn.call(this, event);
    const received = now();
    try { return fn.call(this, event); } finally {
      const book = { received, drawn: now() };
      p.book = book;
      requestAnimationFrame((t) => { book.painted = now(); book.frameTime = performance.timeOrigin + t; });
    }
  };
  // (A global scope's attributes are its own properties in Chromium; elsewhere on a prototype.)
  let at = self;
  while (at && !Object.getOwnPropertyDescriptor(at, 'onmessage')) at = Object.getPrototypeOf(at);
  const desc = Object.getOwnPropertyDescriptor(at, 'onmessage');
  const current = desc.get.call(self);
  if (typeof current === 'function') desc.set.call(self, wrap(current));
  Object.defineProperty(self, 'onmessage', {
    configurable: true,
    get() { return desc.get.call(self); },
    set(fn) { desc.set.call(self, typeof fn === 'function' ? wrap(fn) : fn); },
  });
  p.wrappedExisting = typeof current === 'function';
  return true;
})()`;
