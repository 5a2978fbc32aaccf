import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { formatAssetAmount, formatFractionPercent } from '../../../lib/format/index.ts';
import { summaryPnl } from './futures-store.ts';
import { futuresData } from './instance.ts';

const FIELDS = ['marginRatio', 'balance', 'availableBalance', 'unrealizedProfitLoss', 'maintMargin'] as const;

/**
 * spec §3 "Futures capital snapshot", polled every 3 s by the futures data store. The margin ratio as a
 * percentage, amounts at USDT's precision; the unrealised PnL is the positions' total (the rows' figures).
 */
export function CapitalBar() {
  const { t } = useTranslation('orders');
  const capital = useStore(futuresData.store, (s) => s.capital);
  const pnl = useStore(futuresData.store, summaryPnl);
  const value = (f: (typeof FIELDS)[number]): string | null => (f === 'unrealizedProfitLoss' ? pnl : capital ? capital[f] : null);
  return (
    <dl className="td-capital" data-testid="capital-snapshot">
      {FIELDS.map((f) => {
        const raw = capital ? value(f) : null;
        const text = raw === null ? '--' : f === 'marginRatio' ? formatFractionPercent(raw) : formatAssetAmount(raw, capital?.asset);
        return (
          <div key={f}>
            <dt>{t(`capital.${f}`)}</dt>
            <dd data-testid={`capital-${f}`} data-value={raw ?? ''}>
              {text}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
