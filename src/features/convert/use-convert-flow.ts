import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvertKind } from '../../../contract/convert-rules.ts';
import { newRequestId } from '../../lib/api/index.ts';
import { bootstrapSession } from '../account/index.ts';
import { useSubmit, type FieldIssue } from '../account/shared.ts';
import type { HelpArticleId } from '../help/shared.ts';
import { convertApi, type ConvertOrder, type FirmQuote, type IndicativeQuote } from './api.ts';
import { amountIssue, initialDraft, isDisabledPair, quoteBody, shownAmounts, type AmountRules, type Draft, type Side } from './convert-form.ts';
import { quoteClock, type QuoteClock } from './countdown.ts';
import { describeConvertError, type ConvertError } from './errors.ts';
import type { ConvertData } from './use-convert-data.ts';
import { QUOTE_DEBOUNCE_MS, useIndicativeQuote } from './use-indicative-quote.ts';
import { useSecondsLeft } from './use-seconds-left.ts';

/**
 * The convert flow's steps (../shared/CONVENTIONS.md: one small state machine per money flow): the form with
 * an indicative price; a firm quote to confirm while it binds (or marked expired or used when it no longer
 * does — a new one is asked for with one click, never swapped in silently); the filled order.
 */
export type Step =
  | { name: 'form' }
  | { name: 'confirm'; quote: FirmQuote; clock: QuoteClock; requestId: string; refused: 'expired' | 'used' | null }
  | { name: 'done'; order: ConvertOrder };

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface ConvertFlow {
  draft: Draft;
  edit: (next: Draft) => void;
  step: Step;
  rules: AmountRules;
  pairOff: boolean;
  /** The quote the form shows: the firm one while confirming, else the latest indicative one. */
  quote: IndicativeQuote | FirmQuote | null;
  /** What the two amount inputs show: the typed amount, and the other side from a quote that answers it. */
  shown: Record<Side, string>;
  /** The problem to show beside each amount (local check, or the server's refusal). */
  fieldError: Partial<Record<'fromAmount' | 'toAmount', FieldIssue | string>>;
  /** A refusal that belongs to the form as a whole. */
  message: string | null;
  /** The help article of the refusal shown, beside its field or for the form (issue 16). */
  help: HelpArticleId | undefined;
  secondsLeft: number | null;
  expired: boolean;
  submitting: boolean;
  requestQuote: () => void;
  confirm: () => void;
  back: () => void;
}

export function useConvertFlow(tab: ConvertKind, signedIn: boolean, data: ConvertData): ConvertFlow {
  const { t } = useTranslation('convert');
  const [draft, setDraft] = useState(() => initialDraft(tab, data.names));
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [failure, setFailure] = useState<ConvertError | null>(null);
  const [submitIssue, setSubmitIssue] = useState<FieldIssue | null>(null);
  const { submitting, run } = useSubmit();
  // Problems are shown once typing pauses, not at every keystroke ("0" on the way to "0.5").
  const settled = useSettled(draft, QUOTE_DEBOUNCE_MS);

  const rules: AmountRules = { ...data.rules, available: signedIn ? (data.balances?.get(draft.from) ?? null) : null };
  const pairOff = isDisabledPair(data.disabledPairs, draft.from, draft.to);
  const issueNow = amountIssue(draft, rules);
  const indicative = useIndicativeQuote(step.name === 'form' && !issueNow && !pairOff ? quoteBody(draft) : null);
  // A pair switched off shows no price: an older indicative one would suggest it can still be had.
  const quote = step.name === 'confirm' ? step.quote : pairOff ? null : indicative.quote;
  const indicativeError = indicative.error ? describeConvertError(t, indicative.error, draft.side) : null;
  const secondsLeft = useSecondsLeft(step.name === 'confirm' ? step.clock : null);

  const typedField = draft.side === 'from' ? 'fromAmount' : 'toAmount';
  const fieldError: ConvertFlow['fieldError'] = {};
  const local = submitIssue ?? (settled === draft ? issueNow : null);
  if (local) fieldError[typedField] = local;
  else if (failure?.field) fieldError[failure.field] = failure.message;
  else if (indicativeError?.field) fieldError[indicativeError.field] = indicativeError.message;
  // A pair the page knows is off says so once, in its own notice (ConvertForm), not again as a refusal.
  const standalone = [failure, indicativeError].find((e) => e !== null && !e.field && !(pairOff && e.effect === 'pairs'));
  const message = standalone?.message ?? null;
  const besideField = local ? null : failure?.field ? failure : indicativeError?.field ? indicativeError : null;
  const help = (besideField ?? standalone)?.help;

  const refused = (error: unknown): ConvertError => {
    const described = describeConvertError(t, error, draft.side);
    setFailure(described);
    if (described.effect === 'pairs') data.reloadPairs();
    if (described.effect === 'permissions' && signedIn) void bootstrapSession();
    return described;
  };

  const requestQuote = () =>
    void run(async () => {
      setFailure(null);
      const issue = amountIssue(draft, rules, true);
      setSubmitIssue(issue);
      const body = quoteBody(draft);
      if (issue || !body) return;
      const sentAt = Date.now();
      try {
        const firm = await convertApi.firmQuote(body);
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
        const order = await convertApi.order({ quoteId: step.quote.quoteId, requestId: step.requestId });
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
    shown: shownAmounts(draft, quote),
    fieldError,
    message,
    help,
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
