import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage } from './FieldMessage.tsx';
import { isLimitLike, type FormAction, type TradeFormState, type WorkingType } from './form-state.ts';
import type { FieldError, OrderErrors } from './validate.ts';

const priceId = `order-price`;
const volumeId = `order-volume`;
const stopId = 'order-stop-price';

/** The stop orders' trigger price and what it watches (mark or last price). */
export function StopPriceField(props: { uid: string; form: TradeFormState; errors: OrderErrors; quoteAsset: string; dispatch: Dispatch<FormAction> }) {
  const { uid, form, errors, quoteAsset, dispatch } = props;
  const { t } = useTranslation('orders');
  return (
    <>
      <div className="td-of-field">
        <label htmlFor={`${uid}-stop`}>{t('form.stopPrice', { asset: quoteAsset })}</label>
        <div className="td-of-with-unit">
          <input
            id={`${uid}-stop`}
            data-testid="order-stop-price"
            inputMode="decimal"
            autoComplete="off"
            value={form.stopPrice}
            aria-invalid={errors.stopPrice ? true : undefined}
            aria-describedby={errors.stopPrice ? stopId : undefined}
            onChange={(e) => dispatch({ type: 'extras', patch: { stopPrice: e.target.value } })}
          />
          <select
            aria-label={t('form.workingType')}
            data-testid="order-working-type"
            value={form.workingType}
            onChange={(e) => dispatch({ type: 'extras', patch: { workingType: e.target.value as WorkingType } })}
          >
            <option value="MARK_PRICE">{t('form.markPrice')}</option>
            <option value="CONTRACT_PRICE">{t('form.lastPrice')}</option>
          </select>
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
          <input
            id={`${uid}-price`}
            data-testid="order-price"
            inputMode="decimal"
            autoComplete="off"
            value={form.price}
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={errors.price ? priceId : undefined}
            onChange={(e) => dispatch({ type: 'price', price: e.target.value })}
          />
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
          <input
            id={`${uid}-volume`}
            data-testid="order-volume"
            inputMode="decimal"
            autoComplete="off"
            value={form.volume}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? volumeId : undefined}
            onChange={(e) => dispatch({ type: 'volume', volume: e.target.value })}
          />
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
