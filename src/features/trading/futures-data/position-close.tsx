import Decimal from 'decimal.js';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderConfirm } from '../../../lib/session/order-confirm.ts';
import { showToast } from '../../../lib/toast/index.ts';
import { findPair, pairsStore, type Pair } from '../../market/index.ts';
import { OrderConfirmModal } from '../order-entry/OrderConfirmModal.tsx';
import type { OrderRequest } from '../order-entry/order-request.ts';
import { tradeApi, type PositionView } from './trade-api.ts';

interface PendingClose {
  position: PositionView;
  order: OrderRequest;
  rules: Pick<Pair, 'market' | 'baseAsset' | 'quoteAsset' | 'tickSize' | 'stepSize' | 'listInstrumentId'>;
}

/** The market close a position row's button sends: reduce-only, against the position's direction, its whole volume. */
export function closeOrderOf(position: PositionView): OrderRequest {
  return { direction: position.direction === 'long' ? 'sell' : 'buy', priceType: 'market', price: null, volume: position.volume, reduceOnly: true };
}

/** The pair's rules for the confirmation; a position of a pair the list does not hold yet still names its pair. */
function rulesOf(position: PositionView): PendingClose['rules'] {
  const listed = findPair(pairsStore.getState(), 'usdm', position.instrumentId);
  if (listed) return listed;
  const quoteAsset = 'USDT';
  const baseAsset = position.instrumentId.endsWith(quoteAsset) ? position.instrumentId.slice(0, -quoteAsset.length) : position.instrumentId;
  return { market: 'usdm', baseAsset, quoteAsset, tickSize: '0', stepSize: '0', listInstrumentId: position.instrumentId };
}

/**
 * A position row's market close (spec §7 "Lightning futures" closePosition). It follows the account's order confirmation
 * like every order (spec §3 userInfo.orderConfirmStatus): on, the order form's confirmation shows what will be sent
 * (close long / close short, volume, market price, pair) and nothing is sent before its confirm; off, it is sent at once.
 */
export function usePositionClose(keyId: string | null, after: () => void): { close: (p: PositionView) => void; dialog: ReactNode } {
  const { t } = useTranslation('orders');
  const askFirst = useOrderConfirm();
  const [pending, setPending] = useState<PendingClose | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (position: PositionView, volume: string | null) => {
    await tradeApi.closePosition({
      instrumentId: position.instrumentId,
      positionSide: position.positionSide,
      // A confirmed close sends the confirmed volume (the sandbox caps it at the position): never more than was shown.
      ...(volume ? { volume } : {}),
      ...(keyId ? { exchangeKeyId: keyId } : {}),
    });
    showToast({ severity: 'success', text: t('form.placed') });
    after();
  };

  const close = (position: PositionView) => {
    if (askFirst) setPending({ position, order: closeOrderOf(position), rules: rulesOf(position) });
    else void send(position, null).catch(() => {});
  };

  const confirm = async () => {
    if (!pending || sending) return;
    setSending(true);
    try {
      await send(pending.position, pending.order.volume);
    } catch {
      // the API client's toast says why
    } finally {
      setSending(false);
      setPending(null);
    }
  };

  const dialog = (
    <OrderConfirmModal
      pending={pending?.order ?? null}
      rules={pending?.rules ?? { market: 'usdm', baseAsset: '', quoteAsset: '', tickSize: '0', stepSize: '0', listInstrumentId: '' }}
      value={pending ? new Decimal(pending.position.markPrice).mul(pending.order.volume) : null}
      leverage={pending?.position.leverage}
      sending={sending}
      onClose={() => setPending(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { close, dialog };
}
