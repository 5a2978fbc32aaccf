import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { EmptyState } from '../../../components/index.ts';
import { formatAssetAmount, formatDateTime, formatFractionPercent, formatPrice } from '../../../lib/format/index.ts';
import { findPair, pairsStore } from '../../market/index.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media/index.ts';
import { directionLabelKey } from './liquidation-label.ts';
import { TRANSFER_ROUTES } from '../modals/transfer-codes.ts';
import type { AssetRow, FillView, OrderView, PositionView, TransferRow } from './trade-api.ts';

/** glossary: one date format, in the user's time zone, with the zone (records are read later). */
function time(iso: string): string {
  return formatDateTime(iso, { zone: true });
}

/** Prices at the pair's tick size (glossary "Numbers"); the pair list of exchangeInfo gives the tick. */
function usePriceFormat(): (market: 'spot' | 'usdm', symbol: string, value: string | null | undefined) => string {
  const pairs = useStore(pairsStore);
  return (market, symbol, value) => (value == null ? '--' : formatPrice(value, findPair(pairs, market, symbol.replace('/', ''))?.tickSize));
}

/** A liquidation price of 0 means none is reachable: shown as '--' (Binance's terminal does the same). */
function liquidation(value: string, price: (v: string) => string): string {
  return Number(value) === 0 ? '--' : price(value);
}

function Empty() {
  const { t } = useTranslation('orders');
  return <EmptyState text={t('empty')} />;
}

function tone(value: string): string {
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
      {t('form.leverage', { leverage: p.leverage })}
    </>
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
 * Open positions: a table, and on a phone (issue 18 layouts) one card per position with the same figures and
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
  return (
    <table className="td-data-table" data-testid="positions-table">
      <thead>
        <tr>
          {['pair', ...POSITION_COLUMNS, 'actions'].map((c) => (
            <th key={c}>{t(`columns.${c}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => {
          const c = cells(p);
          return (
            <tr key={`${p.instrumentId}:${p.positionSide}`} data-testid="position-row" data-symbol={p.instrumentId} data-pnl={p.unrealizedProfitLoss}>
              <td>
                <PositionName p={p} />
              </td>
              {POSITION_COLUMNS.map((col) => (
                <td key={col} className={c[col].className} data-testid={c[col].testId} data-value={c[col].value}>
                  {c[col].text}
                </td>
              ))}
              <td>
                <PositionButtons p={p} onClose={onClose} {...(actions ? { actions } : {})} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function OrdersTable({ rows, onCancel }: { rows: OrderView[]; onCancel?: (o: OrderView) => void }) {
  const { t } = useTranslation('orders');
  const price = usePriceFormat();
  if (rows.length === 0) return <Empty />;
  return (
    <table className="td-data-table" data-testid={onCancel ? 'open-orders-table' : 'history-orders-table'}>
      <thead>
        <tr>
          {['time', 'pair', 'side', 'type', 'price', 'volume', 'filled', 'avgPrice', 'status'].map((c) => (
            <th key={c}>{t(`columns.${c}`)}</th>
          ))}
          {onCancel && <th>{t('columns.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.orderId} data-testid="order-row" data-order-id={o.orderId} data-status={o.status} data-price={o.price ?? ''}>
            <td>{time(o.createdAt)}</td>
            <td>{o.instrumentId}</td>
            <td className={o.direction === 'buy' ? 'td-up' : 'td-down'}>{t(directionLabelKey(o.direction, null))}</td>
            <td data-testid="order-type">
              {t(`form.type.${o.priceType}`)}
              {o.tpsl ? ` · ${t(o.tpsl === 'take_profit' ? 'form.takeProfitShort' : 'form.stopLossShort')}` : ''}
            </td>
            <td>
              {price(o.market, o.instrumentId, o.price)}
              {/* issue 18: a stop's trigger, and whether it has fired */}
              {o.stopPrice && (
                <span className="td-muted" data-testid="order-trigger" data-triggered={o.triggeredAt ? 'true' : 'false'}>
                  {' '}
                  {t('form.confirmTrigger')} {price(o.market, o.instrumentId, o.stopPrice)} ({t(o.workingType === 'CONTRACT_PRICE' ? 'form.lastPrice' : 'form.markPrice')})
                </span>
              )}
            </td>
            <td>{o.volume}</td>
            <td>{o.filledVolume}</td>
            <td>{price(o.market, o.instrumentId, o.averagePrice)}</td>
            <td>{t(`status.${o.status.replace('-', '_')}`)}</td>
            {onCancel && (
              <td>
                <button type="button" className="td-link" data-testid="order-cancel" onClick={() => onCancel(o)}>
                  {t('buttons.cancel')}
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DealsTable({ rows }: { rows: FillView[] }) {
  const { t } = useTranslation('orders');
  const price = usePriceFormat();
  if (rows.length === 0) return <Empty />;
  return (
    <table className="td-data-table" data-testid="deals-table">
      <thead>
        <tr>
          {['time', 'pair', 'side', 'price', 'volume', 'fee', 'realized', 'role'].map((c) => (
            <th key={c}>{t(`columns.${c}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <tr key={f.tradeId} data-testid="deal-row" data-order-id={f.orderId}>
            <td>{time(f.time)}</td>
            <td>{f.instrumentId}</td>
            <td className={f.direction === 'buy' ? 'td-up' : 'td-down'}>{t(directionLabelKey(f.direction, f.liquidationType))}</td>
            <td>{price(f.market, f.instrumentId, f.price)}</td>
            <td>{f.volume}</td>
            <td data-testid="deal-fee">
              {formatAssetAmount(f.fee, f.feeAsset)} {f.feeAsset}
            </td>
            <td className={tone(f.realizedProfitLoss)}>{formatAssetAmount(f.realizedProfitLoss, 'USDT')}</td>
            <td>{t(f.role === 'maker' ? 'roles.maker' : 'roles.taker')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AssetsTable({ rows }: { rows: AssetRow[] }) {
  const { t } = useTranslation('orders');
  if (rows.length === 0) return <Empty />;
  return (
    <table className="td-data-table" data-testid="assets-table">
      <thead>
        <tr>
          {['asset', 'walletBalance', 'available', 'pnl'].map((c) => (
            <th key={c}>{t(`columns.${c}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.asset} data-testid="asset-row" data-asset={a.asset}>
            <td>{a.asset}</td>
            <td data-testid="asset-wallet">{formatAssetAmount(a.walletBalance, a.asset)}</td>
            <td>{formatAssetAmount(a.availableBalance, a.asset)}</td>
            <td className={tone(a.unrealizedProfitLoss)}>{formatAssetAmount(a.unrealizedProfitLoss, a.asset)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FlowsTable({ rows }: { rows: TransferRow[] }) {
  const { t } = useTranslation('orders');
  if (rows.length === 0) return null;
  return (
    <table className="td-data-table" data-testid="flows-table">
      <thead>
        <tr>
          {['time', 'asset', 'volume', 'flow'].map((c) => (
            <th key={c}>{t(`columns.${c}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const route = TRANSFER_ROUTES.find((x) => x.code === r.type);
          return (
            <tr key={r.transferId} data-testid="flow-row" data-type={r.type}>
              <td>{time(r.time)}</td>
              <td>{r.asset}</td>
              <td>{formatAssetAmount(r.amount, r.asset)}</td>
              <td>{route ? t('transfer.route', { from: t(`accounts.${route.from}`), to: t(`accounts.${route.to}`) }) : r.type}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
