import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { lightningStore } from './lightning-store.ts';

/** The user's fee list (spec §7 /broker/lightning/futures/fee/query), rates shown as percents. */
export function FeePanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation('lightning');
  const fees = useStore(lightningStore, (s) => s.fees);
  const pct = (rate: string) => `${new Decimal(rate).mul(100).toFixed(4)}%`;
  return (
    <section className="td-lt-panel td-lt-fees" aria-label={t('fees.title')} data-testid="lightning-fees">
      <h2>{t('fees.title')}</h2>
      <table className="td-data-table">
        <thead>
          <tr>
            <th>{t('fees.pair')}</th>
            <th>{t('fees.maker')}</th>
            <th>{t('fees.taker')}</th>
          </tr>
        </thead>
        <tbody>
          {fees.map((f) => (
            <tr key={f.instrumentId} data-current={f.instrumentId === symbol}>
              <td>{f.instrumentId}</td>
              <td>{pct(f.makerFeeRate)}</td>
              <td>{pct(f.takerFeeRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
