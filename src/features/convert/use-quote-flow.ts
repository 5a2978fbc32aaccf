import type { TFunction } from 'i18next';
import type Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newRequestId } from '../../lib/api/index.ts';
import { useSettled } from '../../lib/use-load.ts';
import { bootstrapSession } from '../account/index.ts';
import { useSubmit, type FieldIssue } from '../../components/form/index.ts';
import type { HelpArticleId } from '../help/shared.ts';
import type { FirmLike, OrderBody, Pair, QuoteBody, QuoteLike } from './api.ts';
import { amountIssue, initialDraft, isDisabledPair, quoteBody, shownAmounts, type AmountRules, type Draft, type PairKind, type QuoteNs, type Side } from './convert-form.ts';
import { quoteClock, type QuoteClock } from './countdown.ts';
import type { ConvertError } from './errors.ts';
import { QUOTE_DEBOUNCE_MS, useIndicativeQuote, type IndicativeCall } from './use-indicative-quote.ts';
import { useSecondsLeft } from './use-seconds-left.ts';

/**
 * A quote flow's steps (../shared/CONVENTIONS.md: one small state machine per money flow), the same for
 * convert and the OTC desk's instant quote: the form with an indicative price; a firm quote to confirm while it
 * binds (or marked expired or used when it no longer does — a new one is asked for with one click, never
 * swapped in silently); the order it made.
 */
export type Step<F extends FirmLike = FirmLike, O = unknown> =
  | { name: 'form' }
  | { name: 'confirm'; quote: F; clock: QuoteClock; requestId: string; refused: 'expired' | 'used' | null }
  | { name: 'done'; order: O };

/** The calls and the refusal describer of one desk (convert's, or the OTC desk's block calls). */
export interface QuoteCalls<I extends QuoteLike, F extends FirmLike, O> {
  ns: QuoteNs;
  indicative: IndicativeCall<I>;
  firm: (body: QuoteBody) => Promise<F>;
  order: (body: OrderBody) => Promise<O>;
  describe: (t: TFunction, error: unknown, typed: Side) => ConvertError;
  /**
   * Which wallet deposit page takes an asset whose balance is short (spec §8 "Insufficient Balance (offers Go to
   * Deposit)"); a desk without one (the OTC desk's instant quote) offers no link.
   */
  depositKind?: (asset: string) => DepositKind;
}

export type DepositKind = 'coin' | 'fiat';

/** What the form knows besides the quote (use-convert-data.ts; the OTC desk's use-otc-data.ts). */
export interface QuoteData {
  /** The assets' names, from the provider once loaded. */
  names: string[];
  rules: Omit<AmountRules, 'available'>;
  disabledPairs: Pair[] | null;
  /** Free balances of the capital account (signed in only). */
  balances: Map<string, Decimal> | null;
  reloadAfterOrder: () => void;
  reloadPairs: () => void;
  /** A refusal that says the desk's terms moved (the OTC desk closed): read them again. */
  reloadTerms?: () => void;
}

export interface QuoteFlow<I extends QuoteLike = QuoteLike, F extends FirmLike = FirmLike, O = unknown> {
  ns: QuoteNs;
  draft: Draft;
  edit: (next: Draft) => void;
  step: Step<F, O>;
  rules: AmountRules;
  pairOff: boolean;
  /** The quote the form shows: the firm one while confirming, else the latest indicative one. */
  quote: I | F | null;
  /** The indicative call's refusal for the request the form shows now (the OTC desk reads its minimum's data). */
  indicativeRefusal: unknown;
  /** What the two amount inputs show: the typed amount, and the other side from a quote that answers it. */
  shown: Record<Side, string>;
  /** The problem to show beside each amount (local check, or the server's refusal). */
  fieldError: Partial<Record<'fromAmount' | 'toAmount', FieldIssue | string>>;
  /** A refusal that belongs to the form as a whole. */
  message: string | null;
  /** The help article of the refusal shown, beside its field or for the form (spec §1 help centre). */
  help: HelpArticleId | undefined;
  /** The paid asset's balance is short of the amount (the local check or 10101): where to deposit it (spec §8). */
  deposit: { asset: string; kind: DepositKind } | null;
  secondsLeft: number | null;
  expired: boolean;
  submitting: boolean;
  requestQuote: () => void;
  confirm: () => void;
  back: () => void;
}

export function useQuoteFlow<I extends QuoteLike, F extends FirmLike, O>(kind: PairKind, signedIn: boolean, data: QuoteData, calls: QuoteCalls<I, F, O>): QuoteFlow<I, F, O> {
  const { t } = useTranslation(calls.ns);
  const [draft, setDraft] = useState(() => initialDraft(kind, data.names));
  const [step, setStep] = useState<Step<F, O>>({ name: 'form' });
  const [failure, setFailure] = useState<ConvertError | null>(null);
  const [submitIssue, setSubmitIssue] = useState<FieldIssue | null>(null);
  const { submitting, run } = useSubmit();
  // Problems are shown once typing pauses, not at every keystroke ("0" on the way to "0.5").
  const settled = useSettled(draft, QUOTE_DEBOUNCE_MS);

  const rules: AmountRules = { ...data.rules, available: signedIn ? (data.balances?.get(draft.from) ?? null) : null };
  const pairOff = isDisabledPair(data.disabledPairs, draft.from, draft.to);
  const issueNow = amountIssue(draft, rules, false, calls.ns);
  const indicative = useIndicativeQuote(step.name === 'form' && !issueNow && !pairOff ? quoteBody(draft) : null, calls.indicative);
  // A pair switched off shows no price: an older indicative one would suggest it can still be had.
  const quote = step.name === 'confirm' ? step.quote : pairOff ? null : indicative.quote;
  const indicativeError = indicative.error ? calls.describe(t, indicative.error, draft.side) : null;
  const secondsLeft = useSecondsLeft(step.name === 'confirm' ? step.clock : null);

  const typedField = draft.side === 'from' ? 'fromAmount' : 'toAmount';
  const fieldError: QuoteFlow['fieldError'] = {};
  const local = submitIssue ?? (settled === draft ? issueNow : null);
  if (local) fieldError[typedField] = local;
  else if (failure?.field) fieldError[failure.field] = failure.message;
  else if (indicativeError?.field) fieldError[indicativeError.field] = indicativeError.message;
  // A pair the page knows is off says so once, in its own notice (QuoteForm), not again as a refusal.
  const standalone = [failure, indicativeError].find((e) => e !== null && !e.field && !(pairOff && e.effect === 'pairs'));
  const message = standalone?.message ?? null;
  const besideField = local ? null : failure?.field ? failure : indicativeError?.field ? indicativeError : null;
  const help = (besideField ?? standalone)?.help;
  const shortOf = local ? (local.key.endsWith(':errors.insufficient') ? draft.from : null) : (besideField?.shortOf ?? null);
  const deposit = shortOf && calls.depositKind ? { asset: shortOf, kind: calls.depositKind(shortOf) } : null;

  const refused = (error: unknown): ConvertError => {
    const described = calls.describe(t, error, draft.side);
    setFailure(described);
    if (described.effect === 'pairs') data.reloadPairs();
    if (described.effect === 'terms') data.reloadTerms?.();
    if (described.effect === 'permissions' && signedIn) void bootstrapSession();
    return described;
  };

  const requestQuote = () =>
    void run(async () => {
      setFailure(null);
      const issue = amountIssue(draft, rules, true, calls.ns);
      setSubmitIssue(issue);
      const body = quoteBody(draft);
      if (issue || !body) return;
      const sentAt = Date.now();
      try {
        const firm = await calls.firm(body);
        setStep({ name: 'confirm', quote: firm, clock: quoteClock(firm, sentAt, Date.now()), requestId: newRequestId(), refused: null });
      } catch (error) {
        refused(error);
        setStep({ name: 'form' });
      }
    });

  const confirm = () =>
    void run(async () => {
      if (step.name !== 'confirm') return;
      setFailure(null);
      try {
        const order = await calls.order({ quoteId: step.quote.quoteId, requestId: step.requestId });
        setStep({ name: 'done', order });
        setDraft((d) => ({ ...d, amount: '' }));
        data.reloadAfterOrder();
      } catch (error) {
        const described = refused(error);
        // Expired or used: nothing moved; the quote stays on screen, marked, until the person asks for a new one.
        if (described.effect === 'expired' || described.effect === 'used') setStep({ ...step, refused: described.effect });
      }
    });

  return {
    ns: calls.ns,
    draft,
    edit: (next) => {
      setDraft(next);
      setFailure(null);
      setSubmitIssue(null);
      if (step.name === 'done') setStep({ name: 'form' });
    },
    step,
    rules,
    pairOff,
    quote,
    indicativeRefusal: indicative.error,
    shown: shownAmounts(draft, quote),
    fieldError,
    message,
    help,
    deposit,
    secondsLeft,
    expired: step.name === 'confirm' && (step.refused !== null || secondsLeft === 0),
    submitting,
    requestQuote,
    confirm,
    back: () => {
      setFailure(null);
      setStep({ name: 'form' });
    },
  };
}
