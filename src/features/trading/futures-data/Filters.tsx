import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { futuresData as shared } from './instance.ts';
import { PAGE_SIZES, type FuturesDataStore, type Tab } from './futures-store.ts';
import { TRANSFER_ROUTES } from '../modals/transfer-codes.ts';

const STATUSES = ['submitted', 'running', 'partial_filled', 'partial_canceled', 'filled', 'cancelled', 'expired'] as const;

/** A yes/no filter (spec §3 showCurrentPosition, showCurrentAsset): a checkbox inside its label. */
function FilterCheck({ testId, checked, onChange, children }: { testId: string; checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label>
      <input type="checkbox" data-testid={testId} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

/** spec §3 filters of the active tab; every change goes back to page 1 (spec §4). */
export function Filters({ tab, market, data: futuresData = shared, symbols }: { tab: Tab; market: 'spot' | 'usdm'; data?: FuturesDataStore; symbols?: readonly string[] }) {
  const { t } = useTranslation('orders');
  const filters = useStore(futuresData.store, (s) => s.filters);
  const pageSize = useStore(futuresData.store, (s) => s.tabs[s.tab].pageSize);
  const orderTab = tab === 'currentOrder' || tab === 'historyOrder' || tab === 'historyDeal';
  return (
    <div className="td-data-filters" data-testid="data-filters">
      {symbols && orderTab && (
        <select aria-label={t('filters.symbol')} data-testid="filter-symbol" value={filters.symbol} onChange={(e) => futuresData.setFilter('symbol', e.target.value)}>
          <option value="">{t('filters.allSymbols')}</option>
          {symbols.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      )}
      {(tab === 'positionOrder' || tab === 'positionHistory' || orderTab) && (
        <FilterCheck testId="filter-current" checked={filters.showCurrentPosition} onChange={(on) => futuresData.setFilter('showCurrentPosition', on)}>
          {t('filters.showCurrentPosition')}
        </FilterCheck>
      )}
      {orderTab && (
        <select
          aria-label={t('filters.direction')}
          data-testid="filter-direction"
          value={filters.direction}
          onChange={(e) => futuresData.setFilter('direction', e.target.value as '' | 'buy' | 'sell')}
        >
          <option value="">{t('filters.allDirections')}</option>
          <option value="buy">{t('directions.buy')}</option>
          <option value="sell">{t('directions.sell')}</option>
        </select>
      )}
      {(tab === 'historyOrder' || tab === 'currentOrder') && (
        <select
          aria-label={t('filters.priceType')}
          data-testid="filter-price-type"
          value={filters.priceType}
          onChange={(e) => futuresData.setFilter('priceType', e.target.value as '' | 'limit' | 'market' | 'stop_limit' | 'stop_market')}
        >
          <option value="">{t('filters.allPriceTypes')}</option>
          <option value="limit">{t('form.limit')}</option>
          <option value="market">{t('form.market')}</option>
          {market === 'usdm' && <option value="stop_limit">{t('form.type.stop_limit')}</option>}
          {market === 'usdm' && <option value="stop_market">{t('form.type.stop_market')}</option>}
        </select>
      )}
      {tab === 'historyOrder' && (
        <select aria-label={t('filters.status')} data-testid="filter-status" value={filters.status} onChange={(e) => futuresData.setFilter('status', e.target.value)}>
          <option value="">{t('filters.allStatuses')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      )}
      {tab === 'assetManager' && (
        <>
          <select
            aria-label={t('filters.fundingType')}
            data-testid="filter-funding"
            value={filters.fundingType}
            onChange={(e) => futuresData.setFilter('fundingType', e.target.value as 'swap' | 'capital' | 'trade')}
          >
            {(market === 'usdm' ? (['swap', 'capital', 'trade'] as const) : (['trade', 'capital', 'swap'] as const)).map((a) => (
              <option key={a} value={a}>
                {t(`accounts.${a}`)}
              </option>
            ))}
          </select>
          <select
            aria-label={t('filters.flowType')}
            data-testid="filter-flow"
            value={filters.flowType}
            onChange={(e) => futuresData.setFilter('flowType', TRANSFER_ROUTES.find((r) => r.code === e.target.value)?.code ?? '')}
          >
            <option value="">{t('filters.allFlows')}</option>
            {TRANSFER_ROUTES.map((r) => (
              <option key={r.code} value={r.code}>
                {t('transfer.route', { from: t(`accounts.${r.from}`), to: t(`accounts.${r.to}`) })}
              </option>
            ))}
          </select>
          <FilterCheck testId="filter-zero" checked={filters.showCurrentAsset} onChange={(on) => futuresData.setFilter('showCurrentAsset', on)}>
            {t('filters.showCurrentAsset')}
          </FilterCheck>
        </>
      )}
      {(tab === 'historyOrder' || tab === 'historyDeal' || tab === 'positionHistory') && (
        <select
          aria-label={t('filters.pageSize')}
          value={pageSize}
          onChange={(e) => futuresData.setPageSize(PAGE_SIZES.find((n) => String(n) === e.target.value) ?? pageSize)}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
