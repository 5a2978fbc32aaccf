import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatAssetAmount, formatDateTime, formatFractionPercent, PLACEHOLDER } from '../../../lib/format/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { lazyPage } from '../../../lib/chunks/index.ts';
import { ExportButton } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { LoadError } from '../parts.tsx';
import { analyticsApi, type UnitSummary } from './api.ts';
import { DEFAULT_CHART_RANGE, type ChartRange } from './chart-window.ts';
import { exportFields, fileName } from './exports.ts';
import { Block, Figure, FigureTable, joinPoints, rateText, RefreshTimes, unitsText } from './parts.tsx';
import { PerformanceChart } from './PerformanceChart.tsx';
import './chart-locale.ts';
import './locale.ts';
import '../pages.css';
import './analytics.css';

const usdt = (value: string) => formatAssetAmount(value, 'USDT');

// Its own chunk, through the app's chunk loader (120 s time-out, the named load error: spec §2, §8).
const OverviewPanel = lazyPage('brokerOverview', () => import('./OverviewPanel.tsx'));

/** The page's two views (spec §2 broker pages "overview, data analysis"): a project's performance, the organisation's data analysis. */
const TABS = ['performance', 'analysis'] as const;
type Tab = (typeof TABS)[number];

/**
 * investmentChart (spec §2 broker manager, investmentChart): per project, NAV per unit, cumulative return and
 * drawdown on one time axis (PerformanceChart), time-weighted beside money-weighted return with what tells them
 * apart, the real-time net asset with its 10-minute stamp, and the spec §9 refresh times; the "data analysis" tab
 * (OverviewPanel) has the income lines per sub-account and per investor and the trade statistics.
 */
export default function InvestmentChartPage() {
  return (
    <BrokerOnly>
      <InvestmentChart />
    </BrokerOnly>
  );
}

function InvestmentChart() {
  const { t } = useTranslation('broker-analytics');
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'analysis' ? 'analysis' : 'performance';
  const units = useLoad(() => analyticsApi.units(), []);
  const projects = units.data?.list ?? [];
  const projectNo = search.get('projectNo') ?? projects[0]?.projectNo ?? '';
  const selected = projects.find((p) => p.projectNo === projectNo) ?? null;
  const tabLink = (to: Tab) => {
    const next = new URLSearchParams(search);
    if (to === 'analysis') next.set('tab', 'analysis');
    else next.delete('tab');
    return `?${next.toString()}`;
  };

  return (
    <section className="td-broker-page td-analytics" data-testid="broker-investment-chart">
      <div className="td-broker-page__head">
        <h1>{t('title')}</h1>
        {projects.length > 0 ? (
          <label className="td-analytics-project">
            {t('project')}
            <select
              value={tab === 'analysis' ? (search.get('projectNo') ?? '') : projectNo}
              data-testid="analytics-project"
              onChange={(e) => {
                const next = new URLSearchParams(search);
                next.set('projectNo', e.target.value);
                setSearch(next);
              }}
            >
              {tab === 'analysis' ? <option value="">{t('allProjects')}</option> : null}
              {projects.map((p) => (
                <option key={p.projectNo} value={p.projectNo}>
                  {p.name} ({p.projectNo})
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <nav className="td-analytics-tabs" aria-label={t('tabs.label')}>
        {TABS.map((key) => (
          <Link key={key} to={tabLink(key)} aria-current={tab === key ? 'page' : undefined} data-testid={`tab-${key}`}>
            {t(`tabs.${key}`)}
          </Link>
        ))}
      </nav>
      <LoadError error={units.error} />
      {units.data && projects.length === 0 ? <EmptyState /> : null}
      {tab === 'performance' && selected ? <Performance key={selected.projectNo} project={selected} /> : null}
      {tab === 'analysis' && units.data ? (
        <OverviewPanel projectNo={search.get('projectNo') ?? ''} />
      ) : null}
    </section>
  );
}

function Performance({ project }: { project: UnitSummary }) {
  const { t } = useTranslation('broker-analytics');
  const [range, setRange] = useState<ChartRange>(DEFAULT_CHART_RANGE);
  const rates = useLoad(() => analyticsApi.incomeRates(project.projectNo, range), [project.projectNo, range]);
  const retreat = useLoad(() => analyticsApi.retreat(project.projectNo, range), [project.projectNo, range]);
  const live = useLoad(() => analyticsApi.netAsset(project.projectNo), [project.projectNo]);
  const records = useLoad(() => analyticsApi.zeroRecords(project.projectNo, range), [project.projectNo, range]);
  const info = useLoad(() => analyticsApi.projectInfo(project.projectNo), [project.projectNo]);
  const { lang } = useParams();
  const points = rates.data && retreat.data ? joinPoints(rates.data.list, retreat.data.list) : [];
  const summary = rates.data?.summary;

  return (
    <div className="td-analytics-body" data-testid="analytics-performance">
      <dl className="td-analytics-figures" data-testid="project-figures">
        <Figure label={t('figures.status')} value={t(`status.${project.status}`)} testId="project-status" />
        <Figure label={t('figures.period')} value={`${project.startDay} – ${project.endDay}`} />
        <Figure label={t('figures.recordNav')} value={project.nav} testId="record-nav" hint={project.recordDay ? t('figures.recordDay', { day: project.recordDay }) : null} />
        <Figure label={t('figures.totalReturn')} value={rateText(project.totalReturn)} hint={t('figures.annualised', { rate: rateText(project.annualisedReturn) })} />
        <Figure label={t('figures.maxDrawdown')} value={formatFractionPercent(project.maxDrawdown.rate)} />
      </dl>
      {info.data ? (
        <p className="td-broker-hint">
          <Link to={`/${lang ?? 'zh-HK'}/dataChart?code=${info.data.project.shareCode}`} target="_blank" rel="noopener" data-testid="public-chart-link">
            {t('publicLink')}
          </Link>{' '}
          {t('publicLinkHint')}
        </p>
      ) : null}

      <section className="td-broker-panel td-analytics-live" aria-labelledby="analytics-live" data-testid="live-net-asset">
        <h2 id="analytics-live">{t('live.title')}</h2>
        <LoadError error={live.error} />
        {live.data ? (
          <dl className="td-analytics-figures">
            <Figure label={t('live.netAsset')} value={`${formatAssetAmount(live.data.netAsset, 'USDT')} USDT`} testId="live-net-asset-value" />
            <Figure label={t('live.nav')} value={live.data.nav} testId="live-nav" />
            <Figure label={t('live.sinceRecord')} value={rateText(live.data.sinceRecord)} />
            <Figure label={t('live.asOf')} value={formatDateTime(live.data.asOf, { zone: true })} testId="live-as-of" hint={t('live.every10')} />
          </dl>
        ) : null}
      </section>

      <LoadError error={rates.error ?? retreat.error} />
      <PerformanceChart points={points} range={range} onRangeChange={setRange} bounds={{ first: project.startDay, last: project.recordDay ?? project.startDay }} caption={project.name} />

      <section className="td-broker-panel" aria-labelledby="analytics-returns" data-testid="return-comparison">
        <h2 id="analytics-returns">{t('returns.title', { from: rates.data?.range.from ?? PLACEHOLDER, to: rates.data?.range.to ?? PLACEHOLDER })}</h2>
        <dl className="td-analytics-figures">
          <Figure label={t('returns.timeWeighted')} value={rateText(summary?.timeWeighted)} testId="twr" hint={t('figures.annualised', { rate: rateText(summary?.timeWeightedAnnualised) })} />
          <Figure label={t('returns.moneyWeighted')} value={rateText(summary?.moneyWeighted)} testId="mwr" hint={t('figures.annualised', { rate: rateText(summary?.moneyWeightedAnnualised) })} />
          <Figure label={t('returns.capitalIn')} value={summary ? `${formatAssetAmount(summary.capitalIn, 'USDT')} USDT` : PLACEHOLDER} />
          <Figure label={t('returns.capitalOut')} value={summary ? `${formatAssetAmount(summary.capitalOut, 'USDT')} USDT` : PLACEHOLDER} />
          <Figure label={t('returns.profit')} value={summary ? `${formatAssetAmount(summary.profit, 'USDT')} USDT` : PLACEHOLDER} />
        </dl>
        <div className="td-analytics-explain" data-testid="return-explanation">
          <p>{t('returns.explainTwr')}</p>
          <p>{t('returns.explainMwr')}</p>
          <p>{t('returns.explainDiff')}</p>
        </div>
      </section>

      <Block
        title={t('records.title')}
        testId="zero-records"
        hint={t('records.hint')}
        actions={<ExportButton path="/broker/financingUnit/zeroRecord/export" fields={exportFields(project.projectNo, range)} fileName={fileName('zeroRecords')} />}
      >
        <LoadError error={records.error} />
        {records.data ? (
          <FigureTable
            label={t('records.title')}
            head={[t('records.day'), t('figures.recordNav'), t('live.netAsset'), t('overview.units'), t('records.pnl'), t('returns.capitalIn'), t('returns.capitalOut'), t('overview.interest'), t('overview.performanceFee'), t('records.dailyReturn')]}
            rows={[...records.data.list].reverse().map((r) => [r.day, r.nav, usdt(r.netAsset), unitsText(r.units), usdt(r.pnl), usdt(r.flowsIn), usdt(r.flowsOut), usdt(r.interestAccrued), usdt(r.performanceFee), rateText(r.dailyReturn)])}
          />
        ) : null}
      </Block>

      <RefreshTimes
        kinds={['realtime', 'daily']}
        stamps={[
          { kind: 'realtime', at: live.data?.asOf },
          { kind: 'daily', at: rates.data?.refreshedAt },
        ]}
      />
    </div>
  );
}
