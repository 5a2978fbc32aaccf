import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/toast/index.ts';
import type { Pair } from '../../market/index.ts';
import { PageModal } from '../modals/PageModal.tsx';
import { FuturesToolbar } from '../modals/FuturesToolbar.tsx';
import { PositionActions } from './PositionActions.tsx';
import { usePositionClose } from './position-close.tsx';
import { ConfirmAction, type PendingAction } from '../modals/ConfirmAction.tsx';
import { refreshSpotBalances } from '../order-entry/use-spot-balance.ts';
import { CapitalBar } from './CapitalBar.tsx';
import { ExchangeNotice } from './ExchangeNotice.tsx';
import { AssetsTable, DealsTable, FlowsTable, OrdersTable, PositionsTable } from './DataTables.tsx';
import { Filters } from './Filters.tsx';
import { PositionHistoryTable } from './PositionHistoryTable.tsx';
import { TABS, type Tab } from './futures-store.ts';
import { futuresData } from './instance.ts';
import { tradeApi, type AssetRow, type FillView, type OrderView, type PositionHistoryRow, type PositionView } from './trade-api.ts';
import { useTradingAccount } from './use-trading-account.ts';
import { refreshOwnOrders } from '../own-orders.ts';
import './futures-data.css';

const SPOT_TABS: readonly Tab[] = ['currentOrder', 'historyOrder', 'historyDeal', 'assetManager'];

/** The data tabs under the trading page (spec §3 futures data; the spot pair shows its order tabs). */
export function OrdersArea({ pair }: { pair: Pair }) {
  const { t } = useTranslation('orders');
  const { t: tr } = useTranslation('risk');
  const [pending, setPending] = useState<PendingAction | null>(null);
  const { lang = 'zh-HK' } = useParams();
  const isLogin = useSession((s) => s.isLogin);
  const keyId = useTradingAccount();
  const tab = useStore(futuresData.store, (s) => s.tab);
  const data = useStore(futuresData.store, (s) => s.tabs[s.tab]);
  const flows = useStore(futuresData.store, (s) => s.flows);
  const tabs = pair.market === 'usdm' ? TABS : SPOT_TABS;
  const [closingAll, setClosingAll] = useState(false);
  const after = () => {
    futuresData.refresh();
    void refreshOwnOrders();
    refreshSpotBalances();
  };
  const { close, dialog: closeDialog } = usePositionClose(keyId, after);

  useEffect(() => {
    futuresData.setContext({ market: pair.market, keyId, instrumentId: pair.symbol, isLogin });
    if (pair.market === 'spot' && futuresData.store.getState().tab === 'positionOrder') futuresData.setTab('currentOrder');
  }, [pair.market, pair.symbol, keyId, isLogin]);
  // Leaving the page stops polling (spec §4 polls only with an instrument).
  useEffect(() => () => futuresData.setContext({ market: pair.market, keyId: null, instrumentId: null, isLogin: false }), [pair.market]);

  if (!isLogin) {
    return (
      <section className="td-orders-area" data-testid="orders-area">
        <p className="td-muted">{t('signedOut')}</p>
      </section>
    );
  }

  const cancel = (o: OrderView) =>
    void tradeApi.cancelOrder(pair.market, o.orderId, keyId ?? undefined).then(() => {
      showToast({ severity: 'success', text: tr('toasts.cancelled', { orderId: o.orderId }) });
      after();
    }, () => {});
  // Cancel all asks first and says what will happen (spec §7 "Lightning futures" cancelAllOrder), then toasts how many were cancelled.
  const cancelAll = () => {
    const count = (data.list as OrderView[]).filter((o) => o.instrumentId.replace('/', '') === pair.symbol).length;
    if (count === 0) {
      showToast({ severity: 'info', text: tr('confirm.cancelAll.none', { pair: pair.symbol }) });
      return;
    }
    setPending({
      id: 'cancel-all',
      title: tr('confirm.cancelAll.title', { pair: pair.symbol }),
      body: <p>{tr('confirm.cancelAll.body', { pair: pair.symbol, count })}</p>,
      confirmText: tr('confirm.cancelAllButton'),
      run: async () => {
        const reply = await tradeApi.cancelAll(pair.market, pair.symbol, keyId ?? undefined);
        showToast({ severity: 'success', text: tr('toasts.cancelledAll', { pair: pair.symbol, count: reply.cancelled }) });
        after();
      },
    });
  };
  // spec §7 "Lightning futures" closePosition: close every listed position at market, after a confirmation that says what will happen.
  const positions = tab === 'positionOrder' ? (data.list as PositionView[]) : [];
  const closeAll = async () => {
    setClosingAll(false);
    let closed = 0;
    for (const p of positions) {
      try {
        await tradeApi.closePosition({ instrumentId: p.instrumentId, positionSide: p.positionSide, ...(keyId ? { exchangeKeyId: keyId } : {}) });
        closed++;
      } catch {
        // the API client's toast says why; the others still close
      }
    }
    showToast({ severity: closed === positions.length ? 'success' : 'warn', text: t('position.closedAll', { count: closed, total: positions.length }) });
    after();
  };

  return (
    <section className="td-orders-area" data-testid="orders-area" data-tab={tab}>
      <ExchangeNotice />
      {pair.market === 'usdm' && keyId && <FuturesToolbar pair={pair} keyId={keyId} />}
      {pair.market === 'usdm' && <CapitalBar />}
      {/* The tab list holds tabs only (axe aria-required-children); the actions sit beside it. */}
      <div className="td-data-tabs">
        <div className="td-data-tablist" role="tablist">
          {tabs.map((name) => (
            <button key={name} type="button" role="tab" aria-selected={tab === name} data-testid={`tab-${name}`} onClick={() => futuresData.setTab(name)}>
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>
        {tab === 'positionOrder' && positions.length > 0 && (
          <button type="button" className="td-link" data-testid="close-all" onClick={() => setClosingAll(true)}>
            {t('position.closeAll')}
          </button>
        )}
        {tab === 'currentOrder' && (
          <button type="button" className="td-link" data-testid="cancel-all" onClick={cancelAll}>
            {t('buttons.cancelAll')}
          </button>
        )}
        <Link className="td-link td-records-link" data-testid="records-link" to={`/${lang}/record/${pair.market === 'spot' ? 'spotTrade' : 'futureTrade'}`}>
          {tr(pair.market === 'spot' ? 'records.spot' : 'records.usdm')}
        </Link>
      </div>
      <Filters tab={tab} market={pair.market} />
      <div className="td-data-body" data-testid={`tab-body-${tab}`} data-loaded={data.loaded}>
        {tab === 'positionOrder' && (
          <PositionsTable
            rows={data.list as PositionView[]}
            onClose={close}
            actions={(p) => <PositionActions position={p} rules={pair.market === 'usdm' ? pair : null} keyId={keyId} onDone={after} />}
          />
        )}
        {tab === 'currentOrder' && <OrdersTable rows={data.list as OrderView[]} onCancel={cancel} />}
        {tab === 'historyOrder' && <OrdersTable rows={data.list as OrderView[]} />}
        {tab === 'historyDeal' && <DealsTable rows={data.list as FillView[]} />}
        {tab === 'positionHistory' && <PositionHistoryTable rows={data.list as PositionHistoryRow[]} />}
        {tab === 'assetManager' && <AssetsTable rows={data.list as AssetRow[]} />}
        {tab === 'assetManager' && <FlowsTable rows={flows} />}
      </div>
      <PageModal visible={closingAll} title={t('position.closeAll')} onClose={() => setClosingAll(false)} onConfirm={() => void closeAll()}>
        <p data-testid="close-all-confirm">{t('position.closeAllConfirm', { count: positions.length })}</p>
      </PageModal>
      {closeDialog}
      <ConfirmAction pending={pending} onDone={() => setPending(null)} cancelText={tr('confirm.keep')} />
      {(tab === 'historyOrder' || tab === 'historyDeal' || tab === 'positionHistory') && (
        <div className="td-paging">
          <button type="button" data-testid="page-prev" disabled={data.pageNum <= 1} onClick={() => futuresData.prevPage()}>
            {t('buttons.prev')}
          </button>
          <span data-testid="page-num">{t('paging.page', { page: data.pageNum })}</span>
          <button type="button" data-testid="page-next" disabled={!data.hasMore} onClick={() => futuresData.nextPage()}>
            {t('buttons.next')}
          </button>
        </div>
      )}
    </section>
  );
}
