import Decimal from 'decimal.js';
import { convertKind, type ConvertKind } from '../../../contract/convert-rules.ts';
import { formatQuantity, parseAmount } from '../../lib/format/index.ts';
import type { FieldIssue } from '../../components/form/index.ts';
import type { Pair, QuoteBody, QuoteLike } from './api.ts';

/**
 * The convert form's state, as plain functions (the page keeps a `Draft` in React state): which asset is
 * paid (`from`) and which received (`to`), and the one amount the person typed, on the side they typed it.
 * The other side is what a quote computes; typing in it makes it the typed side (typing in one clears
 * the other and quotes by that side; server/README.md "Convert": exactly one amount).
 */
export type Side = 'from' | 'to';
/**
 * The namespace a quote form speaks in: convert's, or the OTC desk's (src/features/otc), whose otc.json holds
 * the same keys for the parts both share (form, quote, confirm, actions, units, errors, permission).
 */
// i18n namespaces: convert, otc
export type QuoteNs = 'convert' | 'otc';
/** Which pairs a form offers: one convert tab's kind, or `null` for any pair convert knows (the OTC desk). */
export type PairKind = ConvertKind | null;
export interface Draft {
  from: string;
  to: string;
  side: Side;
  amount: string;
}

/** The convert page's tabs are the pair kinds (contract/convert-rules.ts): `?tab=fiat`, else the coin tab. */
export function tabOf(param: string | null): ConvertKind {
  return param === 'fiat' ? 'fiat' : 'coin';
}

const DEFAULT_PAIRS: Record<ConvertKind | 'any', { from: string; to: string }> = {
  coin: { from: 'BTC', to: 'USDT' },
  fiat: { from: 'USD', to: 'USDT' },
  any: { from: 'USDT', to: 'BTC' },
};

/** Whether a pair is one the form offers: of the tab's kind, or (kind null) any convert pair. */
export function fitsKind(kind: PairKind, from: string, to: string): boolean {
  const pair = convertKind(from, to);
  return kind === null ? pair !== null : pair === kind;
}

/** The assets the paid side may take on a tab: those with at least one partner of that tab's kind. */
export function fromChoices(tab: PairKind, assets: readonly string[]): string[] {
  return assets.filter((a) => assets.some((b) => fitsKind(tab, a, b)));
}

/** The assets the received side may take, given the paid one. */
export function toChoices(tab: PairKind, from: string, assets: readonly string[]): string[] {
  return assets.filter((b) => fitsKind(tab, from, b));
}

/** A tab's first pair: its usual one when the assets allow it, else the first pair of that kind. */
export function initialDraft(tab: PairKind, assets: readonly string[]): Draft {
  const usual = DEFAULT_PAIRS[tab ?? 'any'];
  if (assets.includes(usual.from) && fitsKind(tab, usual.from, usual.to) && assets.includes(usual.to)) return { ...usual, side: 'from', amount: '' };
  const from = fromChoices(tab, assets)[0] ?? usual.from;
  return { from, to: toChoices(tab, from, assets)[0] ?? usual.to, side: 'from', amount: '' };
}

/** A new paid asset; choosing the received one swaps the two, and a received one that no longer fits is replaced. */
export function chooseFrom(draft: Draft, asset: string, tab: PairKind, assets: readonly string[]): Draft {
  if (asset === draft.to) return { ...draft, from: asset, to: draft.from };
  const to = fitsKind(tab, asset, draft.to) ? draft.to : (toChoices(tab, asset, assets)[0] ?? draft.to);
  return { ...draft, from: asset, to };
}

export function chooseTo(draft: Draft, asset: string): Draft {
  if (asset === draft.from) return { ...draft, from: draft.to, to: asset };
  return { ...draft, to: asset };
}

/** The swap button: the assets change sides and the typed amount goes with its asset. */
export function swap(draft: Draft): Draft {
  return { from: draft.to, to: draft.from, side: draft.side === 'from' ? 'to' : 'from', amount: draft.amount };
}

export function typeAmount(draft: Draft, side: Side, text: string): Draft {
  return { ...draft, side, amount: text };
}

export function isDisabledPair(pairs: readonly Pair[] | null | undefined, from: string, to: string): boolean {
  return (pairs ?? []).some((p) => p.fromAsset === from && p.toAsset === to);
}

/** What the form knows of the assets: decimals, each asset's per-order range as the side paid, and the paid asset's free balance. */
export interface AmountRules {
  decimals: Readonly<Record<string, number>>;
  range: Readonly<Record<string, { min: string; max: string } | undefined>>;
  /** The paid asset's available balance; null on the public page. */
  available: Decimal | null;
}

/**
 * The typed amount's problem, or null. An empty amount is one only when `required` (the person asked for a
 * quote). The per-order range and the balance are checked here when the paid side is the typed one; when the
 * received side is typed the sandbox checks the computed paid amount (10205, 10101).
 */
export function amountIssue(draft: Draft, rules: AmountRules, required = false, ns: QuoteNs = 'convert'): FieldIssue | null {
  const text = draft.amount.trim();
  if (text === '') return required ? { key: `${ns}:errors.required` } : null;
  const amount = parseAmount(text);
  if (!amount) return { key: `${ns}:errors.amountFormat` };
  const asset = draft.side === 'from' ? draft.from : draft.to;
  const decimals = rules.decimals[asset];
  if (decimals !== undefined && amount.decimalPlaces() > decimals) return { key: `${ns}:errors.decimals`, params: { decimals, asset } };
  if (amount.isZero()) return { key: `${ns}:errors.positive` };
  if (draft.side !== 'from') return null;
  const range = rules.range[draft.from];
  if (range && (amount.lt(range.min) || amount.gt(range.max))) {
    return { key: `${ns}:errors.outOfRange`, params: { min: formatQuantity(range.min), max: formatQuantity(range.max), asset: draft.from } };
  }
  if (rules.available && amount.gt(rules.available)) {
    return { key: `${ns}:errors.insufficient`, params: { available: formatQuantity(rules.available.toFixed()), asset: draft.from } };
  }
  return null;
}

/** The quote request for a draft, or null while its amount is not a positive number. */
export function quoteBody(draft: Draft): QuoteBody | null {
  const amount = parseAmount(draft.amount);
  if (!amount || amount.isZero()) return null;
  const value = amount.toFixed();
  return draft.side === 'from' ? { fromAsset: draft.from, toAsset: draft.to, fromAmount: value } : { fromAsset: draft.from, toAsset: draft.to, toAmount: value };
}

/** True when a quote answers this draft (same pair, same typed side and amount): an older reply is not shown. */
export function quoteMatches(quote: Pick<QuoteLike, 'fromAsset' | 'toAsset' | 'fixed' | 'fromAmount' | 'toAmount'> | null, draft: Draft): boolean {
  if (!quote) return false;
  const amount = parseAmount(draft.amount);
  if (!amount || quote.fromAsset !== draft.from || quote.toAsset !== draft.to || quote.fixed !== draft.side) return false;
  return amount.eq(draft.side === 'from' ? quote.fromAmount : quote.toAmount);
}

/** The two amount inputs: the typed one as typed, the other from a matching quote (empty without one). */
export function shownAmounts(draft: Draft, quote: Parameters<typeof quoteMatches>[0]): Record<Side, string> {
  const other = quoteMatches(quote, draft) ? (draft.side === 'from' ? quote!.toAmount : quote!.fromAmount) : '';
  return draft.side === 'from' ? { from: draft.amount, to: other } : { from: other, to: draft.amount };
}

/** "Max": the whole available balance, within the per-order maximum, at the asset's decimals (never rounded up). */
export function maxAmount(available: Decimal, max: string | undefined, decimals: number | undefined): string {
  const capped = max ? Decimal.min(available, max) : available;
  return capped.toDecimalPlaces(decimals ?? 8, Decimal.ROUND_DOWN).toFixed();
}

/** A fraction as a percentage with two decimals (glossary: never a raw fraction): "0.001" → "0.10". */
export function percentText(fraction: string): string {
  return new Decimal(fraction).times(100).toFixed(2, Decimal.ROUND_HALF_UP);
}
