import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newRequestId } from '../../lib/api/index.ts';
import { formatAssetAmount, parseAmount } from '../../lib/format/index.ts';
import type { DisabledReason } from '../account/index.ts';
import { Field, FormMessage, TextField, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { Modal } from '../../components/index.ts';
import { amountText, PermissionNotice, useIndicativeQuote, usdText } from '../convert/shared.ts';
import { convertKind } from '../../../contract/convert-rules.ts';
import { AssetSelect } from '../wallet/shared.ts';
import { otcApi, type OtcOrder } from './api.ts';
import { ClosedNotice } from './ClosedNotice.tsx';
import { DeskTermsPanel } from './DeskTermsPanel.tsx';
import { belowMinimumValue, describeOtcError, limitBandRefusal } from './errors.ts';
import {
  EXPIRY_CHOICES,
  expiresAtFor,
  flippedDraft,
  limitIssues,
  limitUnit,
  priceIn,
  receiveAtLimit,
  wireLimit,
  type ExpiryChoice,
  type LimitDraft,
  type LimitField,
} from './limit-form.ts';
import { OrderCard } from './OrderCard.tsx';
import { useCancelOrder } from './use-cancel-order.ts';
import { useOrderFollow } from './use-live-orders.ts';
import type { DeskTerms } from './use-desk-terms.ts';
import type { OtcData } from './use-otc-data.ts';

/** The fields a refusal may name: the amount (the desk's minimum, the balance) and the limit (the desk's band). */
const SERVER_FIELDS: readonly LimitField[] = ['fromAmount', 'limitPrice'];

/** What the person confirms: the order as it will be sent, and what it pays and receives. */
interface Pending {
  draft: LimitDraft;
  fromAmount: string;
  /** toAsset per fromAsset, as sent. */
  limitPrice: string;
  receives: string;
}

/** How often a placed order is read again while the desk may still fill it. */
const FOLLOW_MS = 3_000;

/**
 * The delegated (assisted) order mode (spec §1): the amount to pay, the limit price and the order's life; the
 * desk fills it at exactly its limit when the books reach it (or operations decide), holding the amount
 * meanwhile. The form shows the desk's indicative price and the USD value for the size, what a fill receives
 * and what the order holds; the placed order is shown with its timeline and can be cancelled while open.
 *
 * The limit is read and typed as traders read the pair — quote per base, USDT per BTC whichever side is paid — or
 * flipped; it is sent in the wire's toAsset per fromAsset (contract/otc-limit-rules.ts). A limit more than the
 * desk's band from its indicative price is refused beside the field (the sandbox checks it again against its own
 * price), and every order is confirmed with what it pays and receives before anything is sent or held.
 */
export function DelegatedOrder({ terms, data, blocked }: { terms: DeskTerms; data: OtcData; blocked: DisabledReason | null }) {
  const { t } = useTranslation('otc');
  const [draft, setDraft] = useState<LimitDraft>({ from: 'BTC', to: 'USDT', amount: '', limitPrice: '', expiry: '1d' });
  const { errors, setErrors, place: placeError } = useFieldErrors<LimitField>('limit', SERVER_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [placed, setPlaced] = useState<OtcOrder | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const { submitting, run } = useSubmit();
  const requestId = useRef(newRequestId());
  const { reloadAfterOrder } = data;
  const moved = useCallback(
    (order: OtcOrder) => {
      setPlaced(order);
      reloadAfterOrder();
    },
    [reloadAfterOrder],
  );
  const cancelling = useCancelOrder(moved);
  // The desk fills it when the books reach the limit: the card follows.
  useOrderFollow(placed, moved, FOLLOW_MS);
  const available = data.balances?.get(draft.from) ?? null;
  const amount = parseAmount(draft.amount.trim());
  const sized = amount && !amount.isZero() && (data.rules.decimals[draft.from] === undefined || amount.decimalPlaces() <= data.rules.decimals[draft.from]!);
  const indicative = useIndicativeQuote(sized ? { fromAsset: draft.from, toAsset: draft.to, fromAmount: amount.toFixed() } : null, otcApi.indicativeQuote);
  const quote = indicative.quote && sized && indicative.quote.fromAsset === draft.from && indicative.quote.toAsset === draft.to && amount.eq(indicative.quote.fromAmount) ? indicative.quote : null;
  const below = quote ? null : belowMinimumValue(indicative.error);
  const unit = limitUnit(draft);
  const wire = wireLimit(draft);
  const receives = wire ? receiveAtLimit(draft.amount, wire, data.rules.decimals[draft.to] ?? 8) : null;

  const set = (next: Partial<LimitDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors({});
    setMessage(null);
    requestId.current = newRequestId();
  };
  const names = data.names;
  const toChoices = names.filter((b) => convertKind(draft.from, b) !== null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = limitIssues(draft, data.rules.decimals, available, quote?.price ?? null);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0 || !wire || !receives) return;
    setPending({ draft, fromAmount: parseAmount(draft.amount.trim())!.toFixed(), limitPrice: wire, receives });
  };

  const place = (order: Pending) => {
    setPending(null);
    void run(async () => {
      try {
        // The expiry is on the desk's clock: read it now rather than trust this device's.
        const config = await otcApi.config();
        const placedOrder = await otcApi.addLimitOrder({
          fromAsset: order.draft.from,
          toAsset: order.draft.to,
          fromAmount: order.fromAmount,
          limitPrice: order.limitPrice,
          expiresAt: expiresAtFor(order.draft.expiry, Date.parse(config.hours.serverTime)),
          requestId: requestId.current,
        });
        setPlaced(placedOrder);
        requestId.current = newRequestId();
        data.reloadAfterOrder();
      } catch (error) {
        const band = limitBandRefusal(error, limitUnit(order.draft));
        if (band) {
          placeError('limitPrice', band);
          return;
        }
        const described = describeOtcError(t, error);
        if (described.effect === 'terms') terms.reload();
        if (!placeError(described.field, described.message)) setMessage(described.message);
      }
    });
  };

  return (
    <div className="td-convert-grid">
      <form className="td-convert-form" noValidate aria-label={t('limit.label')} onSubmit={onSubmit} data-testid="otc-limit-form">
        <div className="td-otc-pair">
          <AssetSelect
            id="otc-limit-from"
            label={t('limit.from')}
            testId="input-limitFrom"
            value={draft.from}
            options={names.filter((a) => names.some((b) => convertKind(a, b) !== null)).map((asset) => ({ asset }))}
            onChange={(from) => set({ from, to: convertKind(from, draft.to) ? draft.to : (names.find((b) => convertKind(from, b) !== null) ?? draft.to) })}
          />
          <AssetSelect id="otc-limit-to" label={t('limit.to')} testId="input-limitTo" value={draft.to} options={toChoices.map((asset) => ({ asset }))} onChange={(to) => set({ to })} />
        </div>
        <TextField
          name="fromAmount"
          label={t('limit.amount', { asset: draft.from })}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={draft.amount}
          onValue={(value) => set({ amount: value })}
          error={errors.fromAmount}
          hint={available ? t('form.available', { value: formatAssetAmount(available.toFixed(), draft.from), asset: draft.from }) : undefined}
        />
        <TextField
          name="limitPrice"
          label={t('limit.price', { from: unit.base, to: unit.quote })}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={draft.limitPrice}
          onValue={(value) => set({ limitPrice: value })}
          error={errors.limitPrice}
          hint={t(unit.base === draft.from ? 'limit.priceHint' : 'limit.priceHintAtMost', { from: unit.base, to: unit.quote })}
        />
        <div className="td-otc-flip">
          <button type="button" className="td-button td-button-secondary" onClick={() => set(flippedDraft(draft))} data-testid="otc-limit-flip">
            {t('limit.flip', { from: unit.quote, to: unit.base })}
          </button>
        </div>
        <Field name="expiry" label={t('limit.expiry')}>
          {(aria) => (
            <select {...aria} data-testid="input-expiry" value={draft.expiry} onChange={(e) => set({ expiry: e.target.value as ExpiryChoice })}>
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`limit.expiryChoices.${choice}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <dl className="td-wallet-facts td-convert-facts" data-testid="otc-limit-facts">
          <dt>{t('limit.deskPrice')}</dt>
          <dd data-testid="otc-limit-market">{quote ? t('quote.rate', { from: unit.base, to: unit.quote, price: priceIn(quote.price, unit, quote.fromAsset) }) : '--'}</dd>
          <dt>{t('quote.usdValue')}</dt>
          <dd data-testid="otc-usd-value" data-usd={quote?.usdValue ?? below ?? ''} data-below={below !== null}>
            {quote ? t('units.usdApprox', { value: usdText(quote.usdValue) }) : below ? t('quote.belowMinimum', { value: usdText(below) }) : '--'}
          </dd>
          <dt>{t('limit.receives')}</dt>
          <dd data-testid="otc-limit-receives">{receives ? t('units.amount', { value: amountText(receives), asset: draft.to }) : '--'}</dd>
          <dt>{t('limit.holds')}</dt>
          <dd data-testid="otc-limit-holds">{sized ? t('limit.holdsValue', { value: amountText(amount.toFixed()), asset: draft.from }) : '--'}</dd>
        </dl>
        <FormMessage text={message} />
        <ClosedNotice terms={terms} />
        {blocked ? (
          <PermissionNotice ns="otc" reason={blocked} />
        ) : (
          <button type="submit" className="td-button td-button-primary td-convert-submit" disabled={submitting} data-testid="otc-limit-submit">
            {submitting ? t('actions.processing') : t('limit.submit')}
          </button>
        )}
      </form>
      <Modal
        visible={pending !== null}
        title={t('limit.confirm.title')}
        onClose={() => setPending(null)}
        onConfirm={() => pending && place(pending)}
        closeText={t('limit.confirm.cancel')}
        confirmText={t('limit.confirm.place')}
        confirmDisabled={submitting}
        className="td-otc-confirm"
        width={480}
      >
        {pending ? <PendingFacts pending={pending} /> : null}
      </Modal>
      <div className="td-otc-side">
        {placed ? (
          <section className="td-convert-panel" aria-labelledby="otc-placed-title" data-testid="otc-placed">
            <h2 id="otc-placed-title">{t('limit.placedTitle')}</h2>
            {cancelling.message ? <FormMessage text={cancelling.message.text} tone={cancelling.message.tone} /> : null}
            <OrderCard
              order={placed}
              heading="h3"
              actions={
                placed.status === 'open' ? (
                  <button type="button" className="td-button td-button-secondary" disabled={cancelling.submitting} onClick={() => cancelling.cancel(placed)} data-testid="otc-cancel">
                    {t('order.cancel')}
                  </button>
                ) : null
              }
            />
          </section>
        ) : null}
        <DeskTermsPanel terms={terms} />
      </div>
    </div>
  );
}

/** The confirmation's facts: what the order pays (held meanwhile), receives if filled, at which limit, for how long. */
function PendingFacts({ pending }: { pending: Pending }) {
  const { t } = useTranslation('otc');
  const { draft } = pending;
  const unit = limitUnit(draft);
  return (
    <dl className="td-wallet-facts" data-testid="otc-limit-confirm">
      <dt>{t('limit.confirm.pays')}</dt>
      <dd data-testid="confirm-pays">{t('units.amount', { value: amountText(pending.fromAmount), asset: draft.from })}</dd>
      <dt>{t('limit.confirm.receives')}</dt>
      <dd data-testid="confirm-receives">{t('units.amount', { value: amountText(pending.receives), asset: draft.to })}</dd>
      <dt>{t('limit.confirm.price')}</dt>
      <dd data-testid="confirm-price">{t('quote.rate', { from: unit.base, to: unit.quote, price: priceIn(pending.limitPrice, unit, draft.from) })}</dd>
      <dt>{t('limit.expiry')}</dt>
      <dd>{t(`limit.expiryChoices.${draft.expiry}`)}</dd>
    </dl>
  );
}
