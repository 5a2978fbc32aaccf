import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { PLACEHOLDER } from '../../lib/format/index.ts';
import { useMarkPrice } from '../../market/index.ts';
import type { Pair } from '../market/index.ts';
import { livePnl } from './ladder.ts';
import { positionsStore, type PositionRow } from './lightning-actions.ts';

/** USDT amounts: 2 decimals (spec §9 asset precision of USDT in the futures account). */
const USDT_DIGITS = 2;

function PositionFigures({ pair, position, mark }: { pair: Pair; position: PositionRow; mark: number | undefined }) {
  const { t } = useTranslation('lightning');
  const { pnl, roePercent } = livePnl(position, mark);
  const sign = pnl.isPositive() && !pnl.isZero() ? 'td-up' : pnl.isNegative() && !pnl.isZero() ? 'td-down' : '';
  const price = (value: string) => (new Decimal(value).gt(0) ? new Decimal(value).toFixed(pair.pricePrecision) : PLACEHOLDER);
  const long = new Decimal(position.positionAmt).gt(0);
  return (
    <dl className="td-lt-position" data-testid="lightning-position" data-side={long ? 'long' : 'short'}>
      <div>
        <dt>{t('position.side')}</dt>
        <dd className={long ? 'td-up' : 'td-down'}>
          {t(long ? 'position.long' : 'position.short')} {t('position.leverage', { n: position.leverage })}
        </dd>
      </div>
      <div>
        <dt>{t('position.size', { asset: pair.baseAsset })}</dt>
        <dd>{new Decimal(position.positionAmt).abs().toFixed(pair.amountPrecision)}</dd>
      </div>
      <div>
        <dt>{t('position.entry')}</dt>
        <dd data-testid="lightning-entry">{price(position.entryPrice)}</dd>
      </div>
      <div>
        <dt>{t('position.liq')}</dt>
        <dd data-testid="lightning-liq">{price(position.liquidationPrice)}</dd>
      </div>
      <div>
        <dt>{t('position.pnl', { asset: pair.quoteAsset })}</dt>
        <dd className={sign} data-testid="lightning-pnl">
          {pnl.toFixed(USDT_DIGITS, Decimal.ROUND_HALF_UP)}
          {roePercent !== null && ` (${roePercent.toFixed(2, Decimal.ROUND_HALF_UP)}%)`}
        </dd>
      </div>
    </dl>
  );
}

/** The pair's position beside the ladder: side, size, entry and liquidation prices, PnL at the live mark price. */
export function PositionPanel({ pair }: { pair: Pair }) {
  const { t } = useTranslation('lightning');
  const positions = useStore(positionsStore, (s) => (s.symbol === pair.symbol ? s.positions : null));
  const mark = useMarkPrice(pair.symbol)?.markPrice;
  return (
    <section className="td-lt-panel td-lt-positions" aria-label={t('position.title')} data-testid="lightning-positions">
      <h2>{t('position.title')}</h2>
      {positions && positions.length > 0 ? (
        positions.map((p) => <PositionFigures key={p.positionSide} pair={pair} position={p} mark={mark} />)
      ) : (
        <p className="td-muted">{t('position.none')}</p>
      )}
    </section>
  );
}
