import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { EmptyState, SortControl, type SortOrder } from '../../components/index.ts';
import { tickersStore } from '../../market/index.ts';
import { MarketRow } from './MarketRow.tsx';
import type { Pair } from './pairs.ts';
import { rowKey, TICKER_COLUMNS, tickerRows, type MarketTab, type TickerColumn } from './ticker-rows.ts';

export const MARKET_ROW_HEIGHT = 40;

export interface MarketTableProps {
  pairs: { spot: readonly Pair[]; usdm: readonly Pair[] };
  tab: MarketTab;
  favourites: readonly string[];
  query: string;
  sort: { column: TickerColumn; order: SortOrder };
  onSort: (column: TickerColumn, order: SortOrder) => void;
  onToggleFavourite: (symbol: string) => void;
  lang: string;
}

const NO_TICKERS = () => null;

export function MarketTable({ pairs, tab, favourites, query, sort, onSort, onToggleFavourite, lang }: MarketTableProps) {
  const { t } = useTranslation('market');
  // Only a sort on a live column needs every ticker here; otherwise the table ignores ticks entirely.
  const live = sort.order !== 'none' && sort.column !== 'symbol';
  const tickers = useStore(tickersStore, live ? (s) => s.tickers : NO_TICKERS);
  // Memoised: the virtualizer re-renders this component on every scroll frame, and with 2,000 symbols sorted by a
  // live column the filter and sort would otherwise run each frame, not once per ticker update
  // (bench/results/browser.md "Market page").
  const rows = useMemo(() => tickerRows(pairs, tab, favourites, query, sort.column, sort.order, tickers), [pairs, tab, favourites, query, sort.column, sort.order, tickers]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Stable between scroll renders: the virtualizer recomputes every row's measurement (2,000 of them) whenever
  // getItemKey changes identity, which a new arrow function on each render did on every scroll frame.
  const getItemKey = useCallback((i: number) => rowKey(rows[i] as Pair), [rows]);
  // The app does not use the React Compiler; the virtualizer re-renders this component on scroll itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => MARKET_ROW_HEIGHT,
    overscan: 8,
    // Scroll renders are batched by React 19 instead of flushed synchronously on every scroll event.
    useFlushSync: false,
    getItemKey,
  });

  return (
    <div className="td-mkt-table" role="table" aria-label={t('labels.table')} aria-rowcount={rows.length}>
      <div className="td-mkt-row td-mkt-row--head" role="row">
        {TICKER_COLUMNS.map((column) => (
          <div key={column} role="columnheader" className={column === 'symbol' ? 'td-mkt-cell td-mkt-cell--symbol' : 'td-mkt-cell td-num'}>
            <span>{t(`columns.${column}`)}</span>
            <SortControl
              column={t(`columns.${column}`)}
              value={sort.column === column ? sort.order : 'none'}
              onChange={(order) => onSort(column, order)}
            />
          </div>
        ))}
      </div>
      {rows.length === 0 ? (
        // A table holds only rows (WCAG 1.3.1; axe aria-required-children): the empty state is a row's one cell.
        <div role="row" className="td-mkt-row--empty">
          <div role="cell" aria-colspan={TICKER_COLUMNS.length}>
            <EmptyState />
          </div>
        </div>
      ) : (
        <div ref={scrollRef} className="td-mkt-scroll" data-testid="market-scroll">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
            {virtualizer.getVirtualItems().map((item) => {
              const pair = rows[item.index] as Pair;
              return (
                <MarketRow
                  key={item.key}
                  pair={pair}
                  lang={lang}
                  top={item.start}
                  favourite={favourites.includes(pair.symbol)}
                  onToggleFavourite={onToggleFavourite}
                />
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
