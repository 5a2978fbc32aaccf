import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { session, useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/toast/index.ts';
import type { Pair } from '../../market/index.ts';
import { futuresData } from '../futures-data/instance.ts';
import { tradeApi } from '../futures-data/trade-api.ts';
import { LeverageModal } from './LeverageModal.tsx';
import { leverageStore, loadLeverage, pairRef, showLeverageModal } from './leverage-store.ts';
import { FuturesTransfer } from './FuturesTransfer.tsx';
import { showTransferModal } from './transfer-store.ts';
import { ConfirmAction, type PendingAction } from './ConfirmAction.tsx';
import { OrderConfirmToggle } from '../order-confirm.tsx';
import { formModesSlot } from './form-modes-slot.ts';

/**
 * Futures account controls (spec §2 leverage and transfer modals, spec §7 account modes): leverage,
 * margin type (cross/isolated), position side (one-way/hedge), multi-assets mode and transfers.
 */
export function FuturesToolbar({ pair, keyId }: { pair: Pair; keyId: string }) {
  const { t } = useTranslation('orders');
  const { t: tr } = useTranslation('risk');
  const [pending, setPending] = useState<PendingAction | null>(null);
  const leverage = useStore(leverageStore, (s) => (s.symbol === pair.symbol ? s.leverage : null));
  const crossed = useSession((s) => s.crossed);
  const hedge = useSession((s) => s.positionSide === 'hedge');
  const multi = useSession((s) => s.multiAssetsMargin);
  const slot = useStore(formModesSlot, (s) => s.element);

  useEffect(() => {
    loadLeverage(pair, keyId).catch(() => {});
  }, [pair, keyId]);

  useEffect(() => {
    let alive = true;
    const ref = pairRef(pair, keyId);
    Promise.all([tradeApi.queryMarginType(ref), tradeApi.queryPositionSide(keyId), tradeApi.queryMultiAssets(keyId)])
      .then(([margin, side, assets]) => {
        if (alive) session.actions.setTradingModes({ crossed: margin.crossed, positionSide: side.positionSide, multiAssetsMargin: assets.multiAssetsMargin });
      })
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [pair, keyId]);

  const pairName = pair.symbol;
  /** Each switch asks first, says what will happen, and confirms with a toast (spec §2 "Futures trading", leverage modal). */
  const ask = (id: string, key: string, params: Record<string, string>, run: () => Promise<string>) =>
    setPending({
      id,
      title: tr(`${key}.title`, params),
      body: (
        <>
          <p>{tr(`${key}.body`, params)}</p>
          <p className="td-confirm-note">{tr('confirm.modeRule')}</p>
        </>
      ),
      confirmText: tr('confirm.switch'),
      run: async () => {
        const text = await run();
        showToast({ severity: 'success', text });
        futuresData.refresh();
      },
    });

  const switchMarginType = () => {
    const next = crossed ? 'isolated' : 'cross';
    ask('margin-type', next === 'isolated' ? 'confirm.marginType.toIsolated' : 'confirm.marginType.toCross', { pair: pairName }, async () => {
      await tradeApi.changeMarginType(pairRef(pair, keyId), next);
      session.actions.setTradingModes({ crossed: next === 'cross' });
      return tr('toasts.marginType', { pair: pairName, mode: t(`modes.${next}`) });
    });
  };
  const switchPositionSide = () => {
    const next = hedge ? 'oneWay' : 'hedge';
    ask('position-side', next === 'hedge' ? 'confirm.positionSide.toHedge' : 'confirm.positionSide.toOneWay', {}, async () => {
      await tradeApi.changePositionSide(keyId, next);
      session.actions.setTradingModes({ positionSide: next });
      return tr('toasts.positionSide', { mode: t(`modes.${next}`) });
    });
  };
  const switchMultiAssets = () => {
    ask('multi-assets', multi ? 'confirm.multiAssets.toOff' : 'confirm.multiAssets.toOn', {}, async () => {
      await tradeApi.changeMultiAssets(keyId, !multi);
      session.actions.setTradingModes({ multiAssetsMargin: !multi });
      return tr('toasts.multiAssets', { state: t(multi ? 'modes.off' : 'modes.on') });
    });
  };

  // Margin mode and leverage: beside the order form when there is one (form-modes-slot.ts).
  const modes = (
    <>
      <button type="button" className="td-chip" data-testid="margin-type" onClick={switchMarginType}>
        {t('modes.marginType')} {t(crossed ? 'modes.cross' : 'modes.isolated')}
      </button>
      <button type="button" className="td-chip" data-testid="leverage-button" onClick={() => showLeverageModal(true)}>
        {t('leverage.button', { leverage: leverage ?? '--' })}
      </button>
    </>
  );

  return (
    <div className="td-futures-toolbar" data-testid="futures-toolbar">
      {slot ? createPortal(modes, slot) : modes}
      <button type="button" className="td-chip" data-testid="position-side" onClick={switchPositionSide}>
        {t('modes.positionSide')} {t(hedge ? 'modes.hedge' : 'modes.oneWay')}
      </button>
      <button type="button" className="td-chip" data-testid="multi-assets" aria-pressed={multi} onClick={switchMultiAssets}>
        {t('modes.multiAssets')} {t(multi ? 'modes.on' : 'modes.off')}
      </button>
      <button type="button" className="td-chip" data-testid="transfer-button" onClick={() => showTransferModal()}>
        {t('buttons.transfer')}
      </button>
      <OrderConfirmToggle />
      <LeverageModal pair={pair} keyId={keyId} />
      <ConfirmAction pending={pending} onDone={() => setPending(null)} cancelText={tr('confirm.keep')} />
      <FuturesTransfer keyId={keyId} />
    </div>
  );
}
