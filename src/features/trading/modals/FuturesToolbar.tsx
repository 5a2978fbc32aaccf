import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { session, useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/toast/index.ts';
import type { Pair } from '../../market/index.ts';
import { futuresData } from '../futures-data/instance.ts';
import { tradeApi } from '../futures-data/trade-api.ts';
import { LeverageModal } from './LeverageModal.tsx';
import { leverageStore, loadLeverage, pairRef, showLeverageModal } from './leverage-store.ts';
import { TransferModal } from './TransferModal.tsx';

/**
 * Futures account controls (spec §2 leverage and transfer modals, spec §7 account modes): leverage,
 * margin type (cross/isolated), position side (one-way/hedge), multi-assets mode and transfers.
 */
export function FuturesToolbar({ pair, keyId }: { pair: Pair; keyId: string }) {
  const { t } = useTranslation('orders');
  const leverage = useStore(leverageStore, (s) => (s.symbol === pair.symbol ? s.leverage : null));
  const crossed = useSession((s) => s.crossed);
  const hedge = useSession((s) => s.positionSide === 'hedge');
  const multi = useSession((s) => s.multiAssetsMargin);
  const [transfer, setTransfer] = useState(false);

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

  const change = async (work: () => Promise<void>) => {
    try {
      await work();
      showToast({ severity: 'success', text: t('modes.changed') });
    } catch {
      // shown by the API client (e.g. positions or open orders exist)
    }
  };

  return (
    <div className="td-futures-toolbar" data-testid="futures-toolbar">
      <button type="button" className="td-chip" data-testid="margin-type" onClick={() =>
        void change(async () => {
          const next = crossed ? 'isolated' : 'cross';
          await tradeApi.changeMarginType(pairRef(pair, keyId), next);
          session.actions.setTradingModes({ crossed: next === 'cross' });
        })
      }>
        {t('modes.marginType')} {t(crossed ? 'modes.cross' : 'modes.isolated')}
      </button>
      <button type="button" className="td-chip" data-testid="leverage-button" onClick={() => showLeverageModal(true)}>
        {t('leverage.button', { leverage: leverage ?? '--' })}
      </button>
      <button type="button" className="td-chip" data-testid="position-side" onClick={() =>
        void change(async () => {
          const next = hedge ? 'oneWay' : 'hedge';
          await tradeApi.changePositionSide(keyId, next);
          session.actions.setTradingModes({ positionSide: next });
        })
      }>
        {t('modes.positionSide')} {t(hedge ? 'modes.hedge' : 'modes.oneWay')}
      </button>
      <button type="button" className="td-chip" data-testid="multi-assets" aria-pressed={multi} onClick={() =>
        void change(async () => {
          await tradeApi.changeMultiAssets(keyId, !multi);
          session.actions.setTradingModes({ multiAssetsMargin: !multi });
        })
      }>
        {t('modes.multiAssets')} {t(multi ? 'modes.on' : 'modes.off')}
      </button>
      <button type="button" className="td-chip" data-testid="transfer-button" onClick={() => setTransfer(true)}>
        {t('buttons.transfer')}
      </button>
      <LeverageModal pair={pair} keyId={keyId} />
      <TransferModal visible={transfer} onClose={() => setTransfer(false)} onDone={() => futuresData.refresh()} keyId={keyId} />
    </div>
  );
}
