import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { NAV_DECIMALS } from '../../../contract/broker-nav.ts';
import { SHARE_CODE_PATTERN } from '../../../contract/broker-projects-rules.ts';
import { isApiError } from '../../lib/api/index.ts';
import { formatAmount, formatDateTime, formatFractionPercent, PLACEHOLDER } from '../../lib/format/index.ts';
import { DEFAULT_CHART_RANGE, joinPoints, PerformanceChart, rateText, RefreshTimes, type ChartRange } from '../broker/shared.ts';
import { projectChart, type ProjectChart } from './api.ts';
import './datachart.css';

type State = { kind: 'loading' } | { kind: 'notFound' } | { kind: 'failed'; message: string } | { kind: 'ready'; chart: ProjectChart };

/** A share code the provider cannot know (no call made) or that it does not know (404 or a refused code, 400). */
const unknownCode = (failure: unknown) => isApiError(failure) && (failure.code === 404 || failure.code === 400 || failure.status === 404 || failure.status === 400);

/**
 * The public data chart of one project (spec §2 white layout: dataChart on a desktop, h5/dataChart on a phone; no
 * token), read with `?code=<shareCode>` from POST /broker/public/projectChart: the project's name, state and term,
 * its NAV per unit with cumulative return and drawdown over a spec §9 range, the range's time-weighted return and
 * the largest drawdown. Nothing private: the call answers no amounts, units, investors or sub-accounts. An unknown
 * code shows a "not found" state.
 */
export function DataChart({ phone }: { phone: boolean }) {
  const { t } = useTranslation('datachart');
  const [search] = useSearchParams();
  // The share link's code (?code=…; ?shareCode=… as contract/broker-projects.ts words it is read too).
  const code = search.get('code') ?? search.get('shareCode') ?? '';
  const [range, setRange] = useState<ChartRange>(DEFAULT_CHART_RANGE);
  const [state, setState] = useState<State>({ kind: 'loading' });

  const validCode = SHARE_CODE_PATTERN.test(code);

  useEffect(() => {
    if (!validCode) return undefined;
    let live = true;
    projectChart(code, range).then(
      (chart) => live && setState({ kind: 'ready', chart }),
      (failure: unknown) => live && setState(unknownCode(failure) ? { kind: 'notFound' } : { kind: 'failed', message: isApiError(failure) || failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      live = false;
    };
  }, [code, validCode, range]);

  const className = `td-datachart${phone ? ' td-datachart--phone' : ''}`;
  if (!validCode || state.kind === 'notFound') {
    return (
      <section className={className} data-testid="datachart-not-found">
        <h1>{t('page.notFoundTitle')}</h1>
        <p>{t('page.notFound')}</p>
      </section>
    );
  }
  if (state.kind === 'failed') {
    return (
      <section className={className} data-testid="datachart-failed">
        <h1>{t('page.title')}</h1>
        <p role="alert">{t('page.failed', { message: state.message })}</p>
      </section>
    );
  }
  if (state.kind === 'loading') {
    return (
      <section className={className} data-testid="datachart-loading">
        <p role="status">{t('page.loading')}</p>
      </section>
    );
  }
  const { chart } = state;
  return (
    <section className={className} data-testid="datachart" data-variant={phone ? 'h5' : 'desktop'}>
      <header className="td-datachart__head">
        <p className="td-datachart__kicker">{t('page.title')}</p>
        <h1 data-testid="datachart-name">{chart.name}</h1>
        <p className="td-datachart__meta">
          <span className={`td-datachart__status td-datachart__status--${chart.status}`} data-testid="datachart-status" data-status={chart.status}>
            {t(`page.status.${chart.status}`)}
          </span>
          <span>{t('page.term', { from: chart.startDay, to: chart.endDay })}</span>
        </p>
      </header>
      <dl className="td-datachart__figures">
        <div>
          <dt>{t('page.nav')}</dt>
          <dd data-testid="datachart-nav">{formatAmount(chart.list[chart.list.length - 1]?.nav, NAV_DECIMALS)}</dd>
        </div>
        <div>
          {/* The return runs over the records there are: a range reaching before the project's first record starts at it. */}
          <dt>{t('page.timeWeighted', { from: chart.list[0]?.day ?? chart.range.from ?? PLACEHOLDER, to: chart.list[chart.list.length - 1]?.day ?? chart.range.to ?? PLACEHOLDER })}</dt>
          <dd data-testid="datachart-twr">{rateText(chart.timeWeighted)}</dd>
        </div>
        <div>
          <dt>{t('page.annualised')}</dt>
          <dd>{rateText(chart.timeWeightedAnnualised)}</dd>
        </div>
        <div>
          <dt>{t('page.maxDrawdown')}</dt>
          <dd data-testid="datachart-max-drawdown">{formatFractionPercent(chart.maxDrawdown.rate)}</dd>
        </div>
      </dl>
      <PerformanceChart
        points={joinPoints(chart.list, chart.list)}
        range={range}
        onRangeChange={setRange}
        bounds={{ first: chart.startDay, last: chart.range.to ?? chart.startDay }}
        caption={chart.name}
      />
      <p className="td-datachart__note">{t('page.twrNote')}</p>
      <RefreshTimes kinds={['daily']} stamps={[{ kind: 'daily', at: chart.refreshedAt }]} />
      <p className="td-datachart__note" data-testid="datachart-as-of">
        {t('page.asOf', { time: formatDateTime(chart.refreshedAt, { zone: true }) })}
      </p>
    </section>
  );
}
