import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { EmptyState } from '../../../components/index.ts';
import { DataTable, type DataColumn } from '../../../components/records/index.ts';
import { formatAssetAmount, formatDateTime, formatFractionPercent, formatPrice } from '../../../lib/format/index.ts';
import { findPair, pairsStore } from '../../market/index.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media/index.ts';
import { directionLabelKey } from './liquidation-label.ts';
import { orderSideLabel } from '../order-entry/order-request.ts';
import { TRANSFER_ROUTES } from '../modals/transfer-codes.ts';
import type { AssetRow, FillView, OrderView, PositionView, TransferRow } from './trade-api.ts';

/** glossary: one date format, in the user's time zone, with the zone (records are read later). */
export function time(iso: string): string {
  return formatDateTime(iso, { zone: true });
}

/** Prices at the pair's tick size (glossary "Numbers"); the pair list of exchangeInfo gives the tick. */
export function usePriceFormat(): (market: 'spot' | 'usdm', symbol: string, value: string | null | undefined) => string {
  const pairs = useStore(pairsStore);
  return (market, symbol, value) => (value == null ? '--' : formatPrice(value, findPair(pairs, market, symbol.replace('/', ''))?.tickSize));
}

/** A liquidation price of 0 means none is reachable: shown as '--' (Binance's terminal does the same). */
function liquidation(value: string, price: (v: string) => string): string {
  return Number(value) === 0 ? '--' : price(value);
}

export function Empty() {
  const { t } = useTranslation('orders');
  return <EmptyState text={t('empty')} />;
}

export function tone(value: string): string {
  return value.startsWith('-') ? 'td-down' : value === '0' ? '' : 'td-up';
}

type PositionsProps = { rows: PositionView[]; onClose: (p: PositionView) => void; actions?: (p: PositionView) => ReactNode };

const POSITION_COLUMNS = ['size', 'entryPrice', 'markPrice', 'liqPrice', 'margin', 'marginRatio', 'pnl', 'returnRate'] as const;
type PositionColumn = (typeof POSITION_COLUMNS)[number];

/** A position's figures by column, one source for the table and the phone's cards. */
function usePositionCells(): (p: PositionView) => Record<PositionColumn, { testId: string; value?: string; className?: string; text: string }> {
  const { t } = useTranslation('orders');
  const price = usePriceFormat();
  return (p) => ({
    size: { testId: 'position-size', text: p.positionAmt },
    entryPrice: { testId: 'position-entry', text: price('usdm', p.instrumentId, p.entryPrice) },
    markPrice: { testId: 'position-mark', value: p.markPrice, text: price('usdm', p.instrumentId, p.markPrice) },
    liqPrice: { testId: 'position-liq', value: p.liquidationPrice, text: liquidation(p.liquidationPrice, (v) => price('usdm', p.instrumentId, v)) },
    margin: { testId: 'position-margin', text: `${formatAssetAmount(p.margin, 'USDT')} ${t(`modes.${p.marginType}`)}` },
    marginRatio: { testId: 'position-margin-ratio', text: formatFractionPercent(p.marginRatio) },
    pnl: { testId: 'position-pnl', value: p.unrealizedProfitLoss, className: tone(p.unrealizedProfitLoss), text: formatAssetAmount(p.unrealizedProfitLoss, 'USDT') },
    returnRate: { testId: 'position-roe', className: tone(p.returnRate), text: formatFractionPercent(p.returnRate, { signed: true }) },
  });
}

function PositionName({ p }: { p: PositionView }) {
  const { t } = useTranslation('orders');
  return (
    <>
      {p.instrumentId} <span className={p.direction === 'long' ? 'td-up' : 'td-down'}>{t(`directions.${p.direction}`)}</span>{' '}
      {t('form.leverage', { leverage: p.leverage })} <AdlLights quantile={p.adlQuantile} />
    </>
  );
}

/**
 * The auto-deleveraging queue (server/trade/README.md "ADL indicator"): five lights, as many lit as the position's
 * fifth of the queue (Binance's adlQuantile 0–4 lights 1–5); more lit is nearer the front.
 */
function AdlLights({ quantile }: { quantile: number | undefined }) {
  const { t } = useTranslation('orders');
  if (quantile === undefined) return null;
  const lit = quantile + 1;
  return (
    <span className="td-adl" role="img" aria-label={t('position.adl', { lit })} title={t('position.adl', { lit })} data-testid="position-adl" data-lit={lit}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= lit ? 'td-adl-light td-adl-light--on' : 'td-adl-light'} />
      ))}
    </span>
  );
}

function PositionButtons({ p, onClose, actions }: { p: PositionView } & Omit<PositionsProps, 'rows'>) {
  const { t } = useTranslation('orders');
  return (
    <>
      <button type="button" className="td-link" data-testid="position-close" onClick={() => onClose(p)}>
        {t('buttons.close')}
      </button>
      {actions?.(p)}
    </>
  );
}

/**
 * Open positions: a table, and on a phone (spec §2 "Futures trading" positions) one card per position with the same figures and
 * actions, since ten columns do not fit 390 px without scrolling sideways.
 */
export function PositionsTable({ rows, onClose, actions }: PositionsProps) {
  const { t } = useTranslation('orders');
  const cells = usePositionCells();
  const phone = useMediaQuery(PHONE_QUERY);
  if (rows.length === 0) return <Empty />;
  if (phone) {
    return (
      <ul className="td-position-cards" data-testid="positions-table">
        {rows.map((p) => {
          const c = cells(p);
          return (
            <li key={`${p.instrumentId}:${p.positionSide}`} className="td-position-card" data-testid="position-row" data-symbol={p.instrumentId} data-pnl={p.unrealizedProfitLoss}>
              <h3 className="td-position-card-title">
                <PositionName p={p} />
              </h3>
              <dl>
                {POSITION_COLUMNS.map((col) => (
                  <div key={col}>
                    <dt>{t(`columns.${col}`)}</dt>
                    <dd className={c[col].className} data-testid={c[col].testId} data-value={c[col].value}>
                      {c[col].text}
                    </dd>
                  </div>
                ))}
              </dl>
              <div className="td-position-card-actions">
                <PositionButtons p={p} onClose={onClose} {...(actions ? { actions } : {})} />
              </div>
            </li>
          );
        })}
      </ul>
    );
  }
  // Each row's figures once per render, shared by its eight figure cells (the list ticks with the mark price).
  const figures = new Map<PositionView, ReturnType<typeof cells>>();
  const of = (p: PositionView) => figures.get(p) ?? figures.set(p, cells(p)).get(p)!;
  return (
    <DataTable<PositionView>
      rows={rows}
      rowKey={(p) => `${p.instrumentId}:${p.positionSide}`}
      rowProps={(p) => ({ 'data-testid': 'position-row', 'data-symbol': p.instrumentId, 'data-pnl': p.unrealizedProfitLoss })}
      className="td-data-table"
      testId="positions-table"
      columns={[
        { id: 'pair', header: t('columns.pair'), scope: false, cell: (p) => <PositionName p={p} /> },
        ...POSITION_COLUMNS.map(
          (col): DataColumn<PositionView> => ({ id: col, header: t(`columns.${col}`), scope: false, cell: (p) => of(p)[col].text, cellProps: (p) => ({ className: of(p)[col].className, 'data-testid': of(p)[col].testId, 'data-value': of(p)[col].value }) }),
        ),
        { id: 'actions', header: t('columns.actions'), scope: false, cell: (p) => <PositionButtons p={p} onClose={onClose} {...(actions ? { actions } : {})} /> },
      ]}
    />
  );
}

/** The table's columns in the orders area: a header from the orders namespace, no scope (as the area has them). */
export const column = <T,>(t: TFunction<'orders'>, id: string, cell: (row: T) => ReactNode, cellProps?: DataColumn<T>['cellProps']): DataColumn<T> => ({ id, header: t(`columns.${id}`), scope: false, cell, ...(cellProps ? { cellProps } : {}) });

const side = (direction: string) => ({ className: direction === 'buy' ? 'td-up' : 'td-down' });

export function OrdersTable({ rows, onCancel }: { rows: OrderView[]; onCancel?: (o: OrderView) => void }) {
  const { t } = useTranslation('orders');
  const price = usePriceFormat();
  const columns: DataColumn<OrderView>[] = [
    column<OrderView>(t, 'time', (o) => time(o.createdAt)),
    column<OrderView>(t, 'pair', (o) => o.instrumentId),
    // The side as its confirmation said it (one mapping, order-request.ts): 平多 / 平空 for a closing USD-M order.
    column<OrderView>(t, 'side', (o) => t(orderSideLabel(o.market, o)), (o) => ({ ...side(o.direction), 'data-testid': 'order-side' })),
    column<OrderView>(t, 'type', (o) => <>{t(`form.type.${o.priceType}`)}{o.tpsl ? ` · ${t(o.tpsl === 'take_profit' ? 'form.takeProfitShort' : 'form.stopLossShort')}` : ''}</>, () => ({ 'data-testid': 'order-type' })),
    column<OrderView>(t, 'price', (o) => <OrderPrice o={o} price={price} />),
    column<OrderView>(t, 'volume', (o) => o.volume),
    column<OrderView>(t, 'filled', (o) => o.filledVolume),
    column<OrderView>(t, 'avgPrice', (o) => price(o.market, o.instrumentId, o.averagePrice)),
    column<OrderView>(t, 'status', (o) => t(`status.${o.status.replace('-', '_')}`)),
  ];
  if (onCancel) {
    columns.push(
      column<OrderView>(t, 'actions', (o) => (
        <button type="button" className="td-link" data-testid="order-cancel" onClick={() => onCancel(o)}>
          {t('buttons.cancel')}
        </button>
      )),
    );
  }
  return (
    <DataTable<OrderView>
      rows={rows}
      rowKey={(o) => o.orderId}
      rowProps={(o) => ({ 'data-testid': 'order-row', 'data-order-id': o.orderId, 'data-status': o.status, 'data-price': o.price ?? '' })}
      className="td-data-table"
      testId={onCancel ? 'open-orders-table' : 'history-orders-table'}
      empty={<Empty />}
      columns={columns}
    />
  );
}

function OrderPrice({ o, price }: { o: OrderView; price: ReturnType<typeof usePriceFormat> }) {
  const { t } = useTranslation('orders');
  return (
    <>
      {price(o.market, o.instrumentId, o.price)}
      {/* A stop's trigger, and whether it has fired. */}
      {o.stopPrice && (
        <span className="td-muted" data-testid="order-trigger" data-triggered={o.triggeredAt ? 'true' : 'false'}>
          {' '}
          {t('form.confirmTrigger')} {price(o.market, o.instrumentId, o.stopPrice)} ({t(o.market === 'spot' || o.workingType === 'CONTRACT_PRICE' ? 'form.lastPrice' : 'form.markPrice')})
        </span>
      )}
      {/* A trailing stop's callback rate and activation price (server/trade/README.md "Order types"). */}
      {o.callbackRate && (
        <span className="td-muted" data-testid="order-callback">
          {' '}
          {t('records.callbackRate', { rate: o.callbackRate })}
          {o.activationPrice ? ` · ${t('records.activation', { price: price(o.market, o.instrumentId, o.activationPrice) })}` : ''}
        </span>
      )}
      {/* The two legs of a spot OCO name the pair they belong to. */}
      {o.ocoGroupId && (
        <span className="td-muted" data-testid="order-oco" data-oco-group={o.ocoGroupId}>
          {' '}
          {t('records.oco', { id: o.ocoGroupId })}
        </span>
      )}
    </>
  );
}

export function DealsTable({ rows }: { rows: FillView[] }) {
  const { t } = useTranslation('orders');
  const price = usePriceFormat();
  return (
    <DataTable<FillView>
      rows={rows}
      rowKey={(f) => f.tradeId}
      rowProps={(f) => ({ 'data-testid': 'deal-row', 'data-order-id': f.orderId })}
      className="td-data-table"
      testId="deals-table"
      empty={<Empty />}
      columns={[
        column<FillView>(t, 'time', (f) => time(f.time)),
        column<FillView>(t, 'pair', (f) => f.instrumentId),
        column<FillView>(t, 'side', (f) => t(directionLabelKey(f.direction, f.liquidationType)), (f) => side(f.direction)),
        column<FillView>(t, 'price', (f) => price(f.market, f.instrumentId, f.price)),
        column<FillView>(t, 'volume', (f) => f.volume),
        column<FillView>(t, 'fee', (f) => `${formatAssetAmount(f.fee, f.feeAsset)} ${f.feeAsset}`, () => ({ 'data-testid': 'deal-fee' })),
        column<FillView>(t, 'realized', (f) => formatAssetAmount(f.realizedProfitLoss, 'USDT'), (f) => ({ className: tone(f.realizedProfitLoss) })),
        column<FillView>(t, 'role', (f) => t(f.role === 'maker' ? 'roles.maker' : 'roles.taker')),
      ]}
    />
  );
}

export function AssetsTable({ rows }: { rows: AssetRow[] }) {
  const { t } = useTranslation('orders');
  return (
    <DataTable<AssetRow>
      rows={rows}
      rowKey={(a) => a.asset}
      rowProps={(a) => ({ 'data-testid': 'asset-row', 'data-asset': a.asset })}
      className="td-data-table"
      testId="assets-table"
      empty={<Empty />}
      columns={[
        column<AssetRow>(t, 'asset', (a) => a.asset),
        column<AssetRow>(t, 'walletBalance', (a) => formatAssetAmount(a.walletBalance, a.asset), () => ({ 'data-testid': 'asset-wallet' })),
        column<AssetRow>(t, 'available', (a) => formatAssetAmount(a.availableBalance, a.asset)),
        column<AssetRow>(t, 'pnl', (a) => formatAssetAmount(a.unrealizedProfitLoss, a.asset), (a) => ({ className: tone(a.unrealizedProfitLoss) })),
      ]}
    />
  );
}

export function FlowsTable({ rows }: { rows: TransferRow[] }) {
  const { t } = useTranslation('orders');
  return (
    <DataTable<TransferRow>
      rows={rows}
      rowKey={(r) => r.transferId}
      rowProps={(r) => ({ 'data-testid': 'flow-row', 'data-type': r.type })}
      className="td-data-table"
      testId="flows-table"
      empty={null}
      columns={[
        column<TransferRow>(t, 'time', (r) => time(r.time)),
        column<TransferRow>(t, 'asset', (r) => r.asset),
        column<TransferRow>(t, 'volume', (r) => formatAssetAmount(r.amount, r.asset)),
        column<TransferRow>(t, 'flow', (r) => {
          const route = TRANSFER_ROUTES.find((x) => x.code === r.type);
          return route ? t('transfer.route', { from: t(`accounts.${route.from}`), to: t(`accounts.${route.to}`) }) : r.type;
        }),
      ]}
    />
  );
}
