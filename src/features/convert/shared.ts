// Entry of the convert feature for other features' lazily loaded pages (the OTC desk, src/features/otc): the
// quote form, its facts, the confirm step and its countdown on the server's clock, the permission and sign-in
// notices, the quote flow's state machine and the amount formats. They speak the namespace given them
// (`ns`), whose file holds the same keys for these parts.
import './convert.css';

export type { FirmLike, OrderBody, QuoteBody, QuoteLike } from './api.ts';
export { percentText, type Draft, type PairKind, type QuoteNs, type Side } from './convert-form.ts';
export { quoteClock, secondsLeft, type QuoteClock } from './countdown.ts';
export type { ConvertEffect as QuoteEffect, ConvertError as QuoteError } from './errors.ts';
export { amountText, priceText, usdText } from './format.ts';
export { ResultPanel } from './ResultPanel.tsx';
export { PageTabs } from './ConvertTabs.tsx';
export { PermissionNotice, SignInPrompt } from './Notices.tsx';
export { QuoteConfirm } from './QuoteConfirm.tsx';
export { Countdown, QuoteFacts } from './QuoteFacts.tsx';
export { QuoteForm } from './QuoteForm.tsx';
export { useQuoteFlow, type QuoteCalls, type QuoteData, type QuoteFlow, type Step as QuoteStep } from './use-quote-flow.ts';
export { QUOTE_DEBOUNCE_MS, useIndicativeQuote } from './use-indicative-quote.ts';
export { useSecondsLeft } from './use-seconds-left.ts';
