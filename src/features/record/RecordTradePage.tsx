import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useSession } from '../../lib/session/index.ts';
import { loadPairs, pairsStore } from '../market/index.ts';
import { RecordTabs } from './RecordTabs.tsx';
import { createFuturesDataStore, DealsTable, type FillView, Filters, OrdersTable, type OrderView, type Tab, tradeApi, useTradingAccount } from '../trading/shared.ts';

const TABS: readonly Tab[] = ['historyOrder', 'historyDeal'];

/** `record/spotTrade` and `record/futureTrade` (spec §2): order and trade history of every pair, cursor paged. */
export function RecordTradePage({ market }: { market: 'spot' | 'usdm' }) {
  const { t } = useTranslation('record');
  const isLogin = useSession((s) => s.isLogin);
  const keyId = useTradingAccount();
  const data = useMemo(() => createFuturesDataStore(tradeApi, undefined, { requireInstrument: false }), []);
  const tab = useStore(data.store, (s) => s.tab);
  const page = useStore(data.store, (s) => s.tabs[s.tab]);
  const symbols = useStore(pairsStore, (s) => s[market]);
  const symbolList = useMemo(() => symbols.map((p) => p.symbol), [symbols]);

  useEffect(() => void loadPairs(), []);
  useEffect(() => {
    data.setTab('historyOrder');
  }, [data]);
  useEffect(() => {
    data.setContext({ market, keyId, instrumentId: null, isLogin });
  }, [data, market, keyId, isLogin]);
  useEffect(() => () => data.dispose(), [data]);

  return (
    <section className="td-orders-area td-record-trades" data-testid={`record-${market}`}>
      <RecordTabs />
      <h1 className="td-record-title">{t(market === 'spot' ? 'titles.spotTrade' : 'titles.futureTrade')}</h1>
      <div className="td-data-tabs" role="tablist">
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} data-testid={`record-tab-${name}`} onClick={() => data.setTab(name)}>
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <Filters tab={tab} market={market} data={data} symbols={symbolList} />
      <div className="td-data-body" data-loaded={page.loaded}>
        {tab === 'historyOrder' ? <OrdersTable rows={page.list as OrderView[]} /> : <DealsTable rows={page.list as FillView[]} />}
      </div>
      <div className="td-paging">
        <button type="button" data-testid="page-prev" disabled={page.pageNum <= 1} onClick={() => data.prevPage()}>
          {t('buttons.prev')}
        </button>
        <span data-testid="page-num">{t('paging.page', { page: page.pageNum })}</span>
        <button type="button" data-testid="page-next" disabled={!page.hasMore} onClick={() => data.nextPage()}>
          {t('buttons.next')}
        </button>
      </div>
    </section>
  );
}
