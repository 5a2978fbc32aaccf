import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from './DecimalInput.tsx';
import { FieldMessage } from './FieldMessage.tsx';
import { isLimitLike, type FormAction, type TradeFormState, type WorkingType } from './form-state.ts';
import type { FieldError, OrderErrors } from './validate.ts';

const priceId = `order-price`;
const volumeId = `order-volume`;
const stopId = 'order-stop-price';

/** The stop orders' trigger price and what it watches (mark or last price; spot stop-limit orders watch the last price). */
export function StopPriceField(props: { uid: string; form: TradeFormState; errors: OrderErrors; quoteAsset: string; dispatch: Dispatch<FormAction>; futures?: boolean }) {
  const { uid, form, errors, quoteAsset, dispatch, futures = true } = props;
  const { t } = useTranslation('orders');
  return (
    <>
      <div className="td-of-field">
        <label htmlFor={`${uid}-stop`}>{t('form.stopPrice', { asset: quoteAsset })}</label>
        <div className="td-of-with-unit">
          <DecimalInput
            id={`${uid}-stop`}
            testId="order-stop-price"
            messageId={stopId}
            value={form.stopPrice}
            error={errors.stopPrice}
            onChange={(stopPrice) => dispatch({ type: 'extras', patch: { stopPrice } })}
          />
          {futures ? (
            <select
              aria-label={t('form.workingType')}
              data-testid="order-working-type"
              value={form.workingType}
              onChange={(e) => dispatch({ type: 'extras', patch: { workingType: e.target.value as WorkingType } })}
            >
              <option value="MARK_PRICE">{t('form.markPrice')}</option>
              <option value="CONTRACT_PRICE">{t('form.lastPrice')}</option>
            </select>
          ) : (
            <span className="td-of-unit">{t('form.lastPrice')}</span>
          )}
        </div>
      </div>
      <FieldMessage id={stopId} error={errors.stopPrice} />
    </>
  );
}

/** The limit price, or "market price" (disabled) for the orders that take none. */
export function PriceField(props: { uid: string; form: TradeFormState; errors: OrderErrors; quoteAsset: string; dispatch: Dispatch<FormAction> }) {
  const { uid, form, errors, quoteAsset, dispatch } = props;
  const { t } = useTranslation('orders');
  return (
    <>
      <label className="td-of-field" htmlFor={`${uid}-price`}>
        <span>{t('form.price', { asset: quoteAsset })}</span>
        {isLimitLike(form.priceType) ? (
          <DecimalInput id={`${uid}-price`} testId="order-price" messageId={priceId} value={form.price} error={errors.price} onChange={(price) => dispatch({ type: 'price', price })} />
        ) : (
          <input id={`${uid}-price`} data-testid="order-price" disabled value={t('form.marketPrice')} readOnly />
        )}
      </label>
      <FieldMessage id={priceId} error={errors.price} />
    </>
  );
}

/** The volume, in the base asset (futures: or in the quote asset, by the unit select). */
export function VolumeField(props: { uid: string; form: TradeFormState; error: FieldError | undefined; futures: boolean; baseAsset: string; quoteAsset: string; dispatch: Dispatch<FormAction> }) {
  const { uid, form, error, futures, baseAsset, quoteAsset, dispatch } = props;
  const { t } = useTranslation('orders');
  return (
    <>
      <div className="td-of-field">
        <label htmlFor={`${uid}-volume`}>{t('form.volume', { asset: futures && form.sizeUnit === 'quote' ? quoteAsset : baseAsset })}</label>
        <div className="td-of-with-unit">
          <DecimalInput id={`${uid}-volume`} testId="order-volume" messageId={volumeId} value={form.volume} error={error} onChange={(volume) => dispatch({ type: 'volume', volume })} />
          {futures && (
            <select
              aria-label={t('form.sizeUnit')}
              data-testid="order-size-unit"
              value={form.sizeUnit}
              onChange={(e) => dispatch({ type: 'sizeUnit', sizeUnit: e.target.value as 'base' | 'quote' })}
            >
              <option value="base">{baseAsset}</option>
              <option value="quote">{quoteAsset}</option>
            </select>
          )}
        </div>
      </div>
      <FieldMessage id={volumeId} error={error} />
    </>
  );
}

/** The trailing stop's callback rate (percent) and optional activation price (Binance TRAILING_STOP_MARKET). */
export function TrailingFields(props: { uid: string; form: TradeFormState; errors: OrderErrors; quoteAsset: string; dispatch: Dispatch<FormAction> }) {
  const { uid, form, errors, quoteAsset, dispatch } = props;
  const { t } = useTranslation('orders');
  return (
    <>
      <label className="td-of-field" htmlFor={`${uid}-callback`}>
        <span>{t('form.callbackRate')}</span>
        <DecimalInput
          id={`${uid}-callback`}
          testId="order-callback-rate"
          messageId="order-callback-rate-msg"
          value={form.callbackRate}
          error={errors.callbackRate}
          onChange={(callbackRate) => dispatch({ type: 'extras', patch: { callbackRate } })}
        />
      </label>
      <FieldMessage id="order-callback-rate-msg" error={errors.callbackRate} />
      <label className="td-of-field" htmlFor={`${uid}-activation`}>
        <span>{t('form.activationPrice', { asset: quoteAsset })}</span>
        <DecimalInput
          id={`${uid}-activation`}
          testId="order-activation-price"
          messageId="order-activation-price-msg"
          value={form.activationPrice}
          error={errors.activationPrice}
          onChange={(activationPrice) => dispatch({ type: 'extras', patch: { activationPrice } })}
        />
      </label>
      <FieldMessage id="order-activation-price-msg" error={errors.activationPrice} />
    </>
  );
}

/** OCO (spot): the stop-limit leg's limit price; its trigger is the stop price above, the limit leg's price the price field. */
export function OcoStopLimitField(props: { uid: string; form: TradeFormState; errors: OrderErrors; quoteAsset: string; dispatch: Dispatch<FormAction> }) {
  const { uid, form, errors, quoteAsset, dispatch } = props;
  const { t } = useTranslation('orders');
  return (
    <>
      <label className="td-of-field" htmlFor={`${uid}-stop-limit`}>
        <span>{t('form.stopLimitPrice', { asset: quoteAsset })}</span>
        <DecimalInput
          id={`${uid}-stop-limit`}
          testId="order-stop-limit-price"
          messageId="order-stop-limit-price-msg"
          value={form.stopLimitPrice}
          error={errors.stopLimitPrice}
          onChange={(stopLimitPrice) => dispatch({ type: 'extras', patch: { stopLimitPrice } })}
        />
      </label>
      <FieldMessage id="order-stop-limit-price-msg" error={errors.stopLimitPrice} />
    </>
  );
}
