import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PercentSlider } from '../../../components/index.ts';
import { FatFingerModal } from './FatFingerModal.tsx';
import { OrderConfirmModal } from './OrderConfirmModal.tsx';
import { FuturesEstimates, FuturesOptions } from './FuturesOptions.tsx';
import { FundingActions, type Funding } from './FundingActions.tsx';
import { DirectionButtons } from './DirectionButtons.tsx';
import { PriceTypeButtons } from './PriceTypeButtons.tsx';
import { OcoStopLimitField, PriceField, StopPriceField, TrailingFields, VolumeField } from './OrderFields.tsx';
import { SpotEstimates } from './SpotEstimates.tsx';
import { SubmitBar } from './SubmitBar.tsx';
import { isStop, type Direction } from './form-state.ts';
import type { OrderRequest } from './order-request.ts';
import { useOrderForm, type OrderFormRules } from './use-order-form.ts';
import { fundsAsset, type BalanceContext } from './validate.ts';
import './order-form.css';

export { refusalKey, sideLabel, type OrderRequest } from './order-request.ts';
export type { Funding } from './FundingActions.tsx';

export interface OrderFormProps {
  rules: OrderFormRules;
  /** What an order of each direction may use (spot buys spend quote, sells base; USD-M: reduce-only picks the hedge side). */
  balance: (direction: Direction, reduceOnly: boolean) => BalanceContext;
  /** Sends the order; resolves when it was accepted (the form then clears the volume). */
  onSubmit: (order: OrderRequest) => Promise<void>;
  /** Shown instead of the submit button (signed out, no key, spot trading forbidden). */
  blockedText?: string | null;
  /** Why the submit button is disabled for now (an out-of-date book); null when it is not. */
  holdText?: string | null;
  /** Where to top up when the balance is short (spec §8 "Insufficient Balance (offers Go to Deposit)"); none: no links. */
  funding?: Funding | undefined;
  /** The estimated fee's call failed: its retry; the submit is held meanwhile (spec §8 "Fee Retrieval Failed"). */
  feeRetry?: (() => void) | null;
}

/**
 * The trade form (spec §3 "Trade form", §4 rules): direction, limit/market, price, volume, percent slider
 * of the available balance, validation with decimal.js before anything is sent, and a confirmation.
 */
export function OrderForm({ rules, balance, onSubmit, blockedText = null, holdText = null, funding, feeRetry = null }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const { form, dispatch, errors, setErrors, pending, setPending, sending, refused, futures, ctx, sizingPrice, baseVolume, volumeError, setPercent, submit, proceed, fatFinger, value } =
    useOrderForm(rules, balance, onSubmit);
  const uid = useId();
  const clearErrors = () => setErrors({});
  const fundingActions = funding ? <FundingActions funding={funding} asset={fundsAsset(rules, form.direction)} /> : null;

  return (
    <form
      className={`td-order-form td-order-form--${form.direction}`}
      data-testid="order-form"
      data-direction={form.direction}
      data-price-type={form.priceType}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DirectionButtons market={rules.market} direction={form.direction} reduceOnly={form.reduceOnly} dispatch={dispatch} clearErrors={clearErrors} />
      <PriceTypeButtons futures={futures} priceType={form.priceType} ctx={ctx} asset={fundsAsset(rules, form.direction)} dispatch={dispatch} clearErrors={clearErrors} />
      {isStop(form.priceType) && <StopPriceField uid={uid} form={form} errors={errors} quoteAsset={rules.quoteAsset} dispatch={dispatch} futures={futures} />}
      {form.priceType === 'oco' && <OcoStopLimitField uid={uid} form={form} errors={errors} quoteAsset={rules.quoteAsset} dispatch={dispatch} />}
      {form.priceType === 'trailing_stop_market' && <TrailingFields uid={uid} form={form} errors={errors} quoteAsset={rules.quoteAsset} dispatch={dispatch} />}
      <PriceField uid={uid} form={form} errors={errors} quoteAsset={rules.quoteAsset} dispatch={dispatch} />
      <VolumeField uid={uid} form={form} error={volumeError} futures={futures} baseAsset={rules.baseAsset} quoteAsset={rules.quoteAsset} dispatch={dispatch} />
      {volumeError?.key === 'errors.aboveBalance' && fundingActions}
      <PercentSlider value={form.percent} onChange={setPercent} ariaLabel={t('form.percent')} disabled={ctx.available === null} />
      {!futures && <SpotEstimates rules={rules} direction={form.direction} ctx={ctx} price={sizingPrice} volume={baseVolume} />}
      {futures && (
        <>
          <FuturesOptions form={form} dispatch={dispatch} errors={errors} quoteAsset={rules.quoteAsset} />
          <FuturesEstimates rules={rules} form={form} ctx={ctx} price={sizingPrice} volume={baseVolume} />
        </>
      )}
      <SubmitBar feeRetry={feeRetry} refused={refused} refusedAction={refused === 'form.refused.balance' ? fundingActions : null} blockedText={blockedText} holdText={holdText} futures={futures} direction={form.direction} reduceOnly={form.reduceOnly} baseAsset={rules.baseAsset} sending={sending} />
      <OrderConfirmModal pending={pending} rules={rules} value={value} leverage={ctx.leverage} feeRate={ctx.takerFeeRate} sending={sending} onClose={() => setPending(null)} onConfirm={() => pending && proceed(pending)} />
      <FatFingerModal breach={fatFinger.breach} rules={rules} sending={sending} onClose={fatFinger.cancel} onConfirm={fatFinger.confirm} />
    </form>
  );
}
