import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { futuresData } from './instance.ts';

const FIELDS = ['marginRatio', 'balance', 'availableBalance', 'unrealizedProfitLoss', 'maintMargin'] as const;

/** spec §3 "Futures capital snapshot", polled every 3 s by the futures data store. */
export function CapitalBar() {
  const { t } = useTranslation('orders');
  const capital = useStore(futuresData.store, (s) => s.capital);
  return (
    <dl className="td-capital" data-testid="capital-snapshot">
      {FIELDS.map((f) => (
        <div key={f}>
          <dt>{t(`capital.${f}`)}</dt>
          <dd data-testid={`capital-${f}`}>{capital ? capital[f] : '--'}</dd>
        </div>
      ))}
    </dl>
  );
}
