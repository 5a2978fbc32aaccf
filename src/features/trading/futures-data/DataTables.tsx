import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/index.ts';
import { directionLabelKey } from './liquidation-label.ts';
import { TRANSFER_ROUTES } from '../modals/transfer-codes.ts';
import type { AssetRow, FillView, OrderView, PositionView, TransferRow } from './trade-api.ts';

function time(iso: string): string {
  return iso.replace('T', ' ').slice(0, 19);
}

function Empty() {
  const { t } = useTranslation('orders');
  return <EmptyState text={t('empty')} />;
}

function tone(value: string): string {
  return value.startsWith('-') ? 'td-down' : value === '0' ? '' : 'td-up';
}

export function PositionsTable({ rows, onClose, actions }: { rows: PositionView[]; onClose: (p: PositionView) => void; actions?: (p: PositionView) => ReactNode }) {
  const { t } = useTranslation('orders');
  if (rows.length === 0) return <Empty />;
  return (
    <table className="td-data-table" data-testid="positions-table">
      <thead>
        <tr>
          {['pair', 'size', 'entryPrice', 'markPrice', 'liqPrice', 'margin', 'marginRatio', 'pnl', 'returnRate', 'actions'].map((c) => (
            <th key={c}>{t(`columns.${c}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => (
          <tr key={`${p.instrumentId}:${p.positionSide}`} data-testid="position-row" data-symbol={p.instrumentId} data-pnl={p.unrealizedProfitLoss}>
            <td>
              {p.instrumentId} <span className={p.direction === 'long' ? 'td-up' : 'td-down'}>{t(`directions.${p.direction}`)}</span>{' '}
              {t('form.leverage', { leverage: p.leverage })}
            </td>
            <td data-testid="position-size">{p.positionAmt}</td>
            <td>{p.entryPrice}</td>
            <td data-testid="position-mark">{p.markPrice}</td>
            <td>{p.liquidationPrice}</td>
            <td>
              {p.margin} {t(`modes.${p.marginType}`)}
            </td>
            <td>{p.marginRatio}</td>
            <td className={tone(p.unrealizedProfitLoss)} data-testid="position-pnl">
              {p.unrealizedProfitLoss}
            </td>
            <td>{p.returnRate}</td>
            <td>
              <button type="button" className="td-link" data-testid="position-close" onClick={() => onClose(p)}>
                {t('buttons.close')}
              </button>
              {actions?.(p)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OrdersTable({ rows, onCancel }: { rows: OrderView[]; onCancel?: (o: OrderView) => void }) {
  const { t } = useTranslation('orders');
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
              {o.price ?? '--'}
              {/* issue 18: a stop's trigger, and whether it has fired */}
              {o.stopPrice && (
                <span className="td-muted" data-testid="order-trigger" data-triggered={o.triggeredAt ? 'true' : 'false'}>
                  {' '}
                  {t('form.confirmTrigger')} {o.stopPrice} ({t(o.workingType === 'CONTRACT_PRICE' ? 'form.lastPrice' : 'form.markPrice')})
                </span>
              )}
            </td>
            <td>{o.volume}</td>
            <td>{o.filledVolume}</td>
            <td>{o.averagePrice ?? '--'}</td>
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
            <td>{f.price}</td>
            <td>{f.volume}</td>
            <td>
              {f.fee} {f.feeAsset}
            </td>
            <td className={tone(f.realizedProfitLoss)}>{f.realizedProfitLoss}</td>
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
            <td>{a.walletBalance}</td>
            <td>{a.availableBalance}</td>
            <td className={tone(a.unrealizedProfitLoss)}>{a.unrealizedProfitLoss}</td>
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
              <td>{r.amount}</td>
              <td>{route ? t('transfer.route', { from: t(`accounts.${route.from}`), to: t(`accounts.${route.to}`) }) : r.type}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
