import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Direction } from './form-state.ts';
import { sideLabel } from './order-request.ts';

/**
 * The exchange's refusal of the last order, then the submit button (or why there is none). `holdText`: why the
 * button is disabled for now (the book is out of date, spec §4 "Live market connection"). `refusedAction`: what to do
 * about the refusal (a short balance's deposit and transfer, spec §8). `feeRetry`: the estimated fee could not be read
 * (spec §8 "Fee Retrieval Failed"): the message, its retry, and the button held until the fee is known.
 */
export function SubmitBar(props: {
  refused: string | null;
  refusedAction?: ReactNode;
  feeRetry?: (() => void) | null;
  blockedText: string | null;
  holdText?: string | null;
  futures: boolean;
  direction: Direction;
  reduceOnly: boolean;
  baseAsset: string;
  sending: boolean;
}) {
  const { refused, refusedAction = null, feeRetry = null, blockedText, holdText = null, futures, direction, reduceOnly, baseAsset, sending } = props;
  const { t } = useTranslation('orders');
  return (
    <>
      {refused && (
        <p className="td-of-error td-of-refused" role="alert" data-testid="order-refused">
          {t(refused)}
        </p>
      )}
      {refused && refusedAction}
      {feeRetry && !blockedText && (
        <p className="td-of-error td-of-refused td-of-fee-failed" data-testid="order-fee-failed">
          <span role="alert">{t('form.feeFailed')}</span>
          <button type="button" className="td-link-button" onClick={feeRetry} data-testid="order-fee-retry">
            {t('form.retryFee')}
          </button>
        </p>
      )}
      {holdText && !blockedText && (
        <p className="td-of-blocked td-of-hold" role="status" data-testid="order-hold">
          {holdText}
        </p>
      )}
      {blockedText ? (
        <p className="td-of-blocked" data-testid="order-blocked">
          {blockedText}
        </p>
      ) : (
        <button type="submit" className={`td-of-submit td-of-submit--${direction}`} data-testid="order-submit" disabled={sending || holdText !== null || feeRetry !== null}>
          {futures ? t(sideLabel('usdm', direction, reduceOnly)) : t(direction === 'buy' ? 'form.submitBuy' : 'form.submitSell', { asset: baseAsset })}
        </button>
      )}
    </>
  );
}
