import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { SegmentedButtons, type SortOrder } from '../../components/index.ts';
import { startFavouritesSync, useFavouriteSymbols } from './favourites-sync.ts';
import { FAVOURITES_MAX } from './favourites.ts';
import { filterByLabel, loadMarketConfig, marketConfigStore } from './market-config.ts';
import { MarketTable } from './MarketTable.tsx';
import { loadPairs, pairsStore } from './pairs.ts';
import type { MarketLabel } from '../../../contract/market-config.ts';
import type { TickerColumn } from './ticker-rows.ts';
import { useFavouriteToggle } from './use-favourite-toggle.ts';
import { useTickerFeed } from './use-ticker-feed.ts';
import './market.css';

/** `/market` (spec §2, public): every spot and USD-M symbol, live, with search, sort and favourites. */
export default function MarketPage() {
  const { t } = useTranslation('market');
  const { lang = 'zh-HK' } = useParams();
  const status = useStore(pairsStore, (s) => s.status);
  const spot = useStore(pairsStore, (s) => s.spot);
  const usdm = useStore(pairsStore, (s) => s.usdm);
  const favourites = useFavouriteSymbols();
  // spec §7 /market/configure/list, labelList: the tabs in the configured order and the label filters.
  const tabs = useStore(marketConfigStore, (s) => s.sections);
  const labels = useStore(marketConfigStore, (s) => s.labels);
  const [picked, setTab] = useState<(typeof tabs)[number] | null>(null);
  const tab = picked !== null && tabs.includes(picked) ? picked : tabs[0]!;
  const [label, setLabel] = useState<MarketLabel | 'all'>('all');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ column: TickerColumn; order: SortOrder }>({ column: 'quoteVolume', order: 'none' });
  const { toggle, error, serverText } = useFavouriteToggle();
  useTickerFeed('spot');
  useTickerFeed('usdm');

  useEffect(() => {
    void loadPairs();
    void loadMarketConfig();
    startFavouritesSync();
  }, []);
  const onSort = useCallback((column: TickerColumn, order: SortOrder) => setSort({ column, order }), []);

  return (
    <div className="td-mkt">
      <div className="td-mkt-bar">
        <h1 className="td-mkt-title">{t('title')}</h1>
        <div className="td-mkt-tabs" role="tablist" aria-label={t('labels.tabs')}>
          <SegmentedButtons
            kind="tabs"
            options={tabs}
            selected={tab}
            onSelect={setTab}
            className="td-mkt-tab"
            selectedClassName="td-mkt-tab--on"
            testId={(key) => `market-tab-${key}`}
            label={(key) => (key === 'favourites' ? t('tabs.favourites', { count: favourites.length, max: FAVOURITES_MAX }) : t(`tabs.${key}`))}
          />
        </div>
        <input
          className="td-mkt-search"
          type="search"
          value={query}
          placeholder={t('labels.searchPlaceholder')}
          aria-label={t('labels.search')}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {labels.length > 0 && (
        <div className="td-mkt-tabs td-mkt-labels" role="tablist" aria-label={t('labels.labelFilter')} data-testid="market-labels">
          <SegmentedButtons
            kind="tabs"
            options={['all', ...labels.map((l) => l.label)] as Array<MarketLabel | 'all'>}
            selected={label}
            onSelect={setLabel}
            className="td-mkt-tab"
            selectedClassName="td-mkt-tab--on"
            testId={(key) => `market-label-${key}`}
            label={(key) => t(`labelNames.${key}`)}
          />
        </div>
      )}
      {error !== null && (
        <p className="td-mkt-error" role="alert" data-testid="favourite-error">
          {error === 'server' && serverText ? serverText : t(`errors.${error}`, { max: FAVOURITES_MAX })}
        </p>
      )}
      {status === 'error' ? (
        <p className="td-mkt-error" role="alert">
          {t('errors.loadFailed')}
          <button type="button" className="td-mkt-retry" onClick={() => void loadPairs()}>
            {t('buttons.retry')}
          </button>
        </p>
      ) : (
        <MarketTable
          pairs={label === 'all' ? { spot, usdm } : { spot: filterByLabel(spot, label, labels), usdm: filterByLabel(usdm, label, labels) }}
          tab={tab}
          favourites={favourites}
          query={query}
          sort={sort}
          onSort={onSort}
          onToggleFavourite={toggle}
          lang={lang}
        />
      )}
    </div>
  );
}
