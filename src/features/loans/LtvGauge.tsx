import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { ltvText, zoneOf } from './format.ts';

/** The gauge's right end: a little past the liquidation level, so the three marks and the loan's LTV fit. */
const SCALE_END = new Decimal(1);

const position = (ratio: string) => `${Decimal.min(SCALE_END, Decimal.max(0, new Decimal(ratio))).div(SCALE_END).times(100).toFixed(2)}%`;

/**
 * The loan's LTV against its three levels (initial, margin call, liquidation): a meter with the levels marked
 * and named, coloured by the zone the LTV is in.
 */
export function LtvGauge({ ltv, initialLtv, marginCallLtv, liquidationLtv }: { ltv: string; initialLtv: string; marginCallLtv: string; liquidationLtv: string }) {
  const { t } = useTranslation('loans');
  const zone = zoneOf(ltv, marginCallLtv, liquidationLtv);
  const marks = [
    ['initial', initialLtv],
    ['marginCall', marginCallLtv],
    ['liquidation', liquidationLtv],
  ] as const;
  return (
    <div className="td-loan-gauge" data-zone={zone} data-testid="loan-gauge">
      <div
        className="td-loan-gauge-track"
        role="meter"
        aria-label={t('gauge.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(ltvText(Decimal.min(ltv, SCALE_END).toFixed()))}
        aria-valuetext={t('gauge.value', { ltv: ltvText(ltv), zone: t(`zones.${zone}`) })}
      >
        <div className="td-loan-gauge-fill" style={{ width: position(ltv) }} />
        {marks.map(([name, level]) => (
          <div key={name} className={`td-loan-gauge-mark td-loan-gauge-mark-${name}`} style={{ left: position(level) }} aria-hidden="true" />
        ))}
      </div>
      <ul className="td-loan-gauge-legend">
        {marks.map(([name, level]) => (
          <li key={name} data-level={name}>
            <span className={`td-loan-gauge-swatch td-loan-gauge-mark-${name}`} aria-hidden="true" />
            {t(`gauge.${name}`, { ltv: ltvText(level) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
