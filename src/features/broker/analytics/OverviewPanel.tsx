import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAssetAmount, formatDateTime, PLACEHOLDER } from '../../../lib/format/index.ts';
import '../lists.css';
import { ExportButton } from '../../../components/records/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { LoadError } from '../parts.tsx';
import { analyticsApi } from './api.ts';
import { DEFAULT_CHART_RANGE, type ChartRange } from './chart-window.ts';
import { LinesChart } from './LinesChart.tsx';
import { exportFields, fileName, OVERVIEW_EXPORT_PATHS } from './exports.ts';
import { Block, FigureTable, rateText, RefreshTimes, unitsText } from './parts.tsx';
import { TradeBillTable, UserIncomeTable } from './PagedTables.tsx';
import { RangeBar } from './PerformanceChart.tsx';

const usdt = (value: string) => formatAssetAmount(value, 'USDT');


/**
 * investmentChart's "data analysis" tab (spec §2 broker pages "overview, data analysis"; spec §7
 * account/overview/*): over a spec §9 range and for every project or one, how each project's net asset moved
 * (capital report), income lines per sub-account and per investor, trade statistics in total, per symbol, per
 * sub-account and per investor, and each investor's holdings. Volume figures follow the 10:00 UTC+8 refresh, the
 * rest the 00:00 UTC+8 one.
 */
export default function OverviewPanel({ projectNo }: { projectNo: string }) {
  const { t } = useTranslation('broker-analytics');
  const [range, setRange] = useState<ChartRange>(DEFAULT_CHART_RANGE);
  const report = useLoad(() => analyticsApi.capitalReport(projectNo, range), [projectNo, range]);
  const accountLines = useLoad(() => analyticsApi.accountLines(projectNo, range), [projectNo, range]);
  const userLines = useLoad(() => analyticsApi.userLines(projectNo, range), [projectNo, range]);
  const total = useLoad(() => analyticsApi.totalTrade(projectNo, range), [projectNo, range]);
  const accounts = useLoad(() => analyticsApi.accountTrades(projectNo, range), [projectNo, range]);
  const users = useLoad(() => analyticsApi.userTrades(projectNo, range), [projectNo, range]);
  const profit = useLoad(() => analyticsApi.userProfit(projectNo), [projectNo]);
  const error = report.error ?? accountLines.error ?? userLines.error ?? total.error ?? accounts.error ?? users.error ?? profit.error;

  return (
    <div className="td-analytics-body" data-testid="analytics-overview">
      <RangeBar range={range} onRangeChange={setRange} />
      <LoadError error={error} />

      <Block
        title={t('overview.capitalReport')}
        testId="capital-report"
        actions={<ExportButton path={OVERVIEW_EXPORT_PATHS.capitalReport} fields={{}} searchParams={exportFields(projectNo, range)} fileName={fileName('capitalReport')} />}
      >
        {report.data ? (
          <FigureTable
            label={t('overview.capitalReport')}
            head={[t('overview.project'), t('overview.netAssetStart'), t('returns.capitalIn'), t('returns.capitalOut'), t('overview.tradingPnl'), t('overview.interest'), t('overview.performanceFee'), t('overview.netAssetEnd'), t('returns.timeWeighted'), t('returns.moneyWeighted')]}
            rows={report.data.list.map((r) => [
              `${r.projectName} (${r.projectNo})`,
              usdt(r.netAssetStart),
              usdt(r.capitalIn),
              usdt(r.capitalOut),
              usdt(r.tradingPnl),
              usdt(r.interestAccrued),
              usdt(r.performanceFee),
              usdt(r.netAssetEnd),
              rateText(r.timeWeighted),
              rateText(r.moneyWeighted),
            ])}
            sum={[
              t('overview.total'),
              usdt(report.data.total.netAssetStart),
              usdt(report.data.total.capitalIn),
              usdt(report.data.total.capitalOut),
              usdt(report.data.total.tradingPnl),
              usdt(report.data.total.interestAccrued),
              usdt(report.data.total.performanceFee),
              usdt(report.data.total.netAssetEnd),
              '',
              '',
            ]}
          />
        ) : null}
      </Block>

      <Block title={t('overview.accountLines')} testId="account-lines-block" hint={accountLines.data && accountLines.data.total > accountLines.data.lines.length ? t('overview.linesCut', { shown: accountLines.data.lines.length, total: accountLines.data.total }) : null}>
        {accountLines.data ? (
          <LinesChart
            testId="account-lines"
            caption={t('overview.accountLines')}
            lines={accountLines.data.lines.map((l) => ({ id: l.brokerAccountId, label: `${l.subAccountName} (${l.projectNo})`, points: l.points.map((p) => ({ day: p.day, value: p.cumulativePnl })) }))}
          />
        ) : null}
      </Block>

      <Block title={t('overview.userLines')} testId="user-lines-block" hint={userLines.data && userLines.data.total > userLines.data.lines.length ? t('overview.linesCut', { shown: userLines.data.lines.length, total: userLines.data.total }) : null}>
        {userLines.data ? (
          <LinesChart testId="user-lines" caption={t('overview.userLines')} lines={userLines.data.lines.map((l) => ({ id: l.investorId, label: l.investorName, points: l.points.map((p) => ({ day: p.day, value: p.profit })) }))} />
        ) : null}
      </Block>

      <Block
        title={t('overview.trades')}
        testId="trade-total"
        hint={total.data ? t('overview.lastTradeDay', { day: total.data.lastTradeDay }) : null}
        actions={<ExportButton path={OVERVIEW_EXPORT_PATHS.tradeStatistics} fields={{}} searchParams={exportFields(projectNo, range)} fileName={fileName('tradeStatistics')} />}
      >
        {total.data ? (
          <FigureTable
            label={t('overview.trades')}
            head={[t('overview.symbol'), t('overview.tradeCount'), t('overview.volume'), t('overview.fee'), t('overview.realisedPnl'), t('overview.netPnl')]}
            rows={total.data.symbols.map((s) => [s.symbol, String(s.tradeCount), usdt(s.volume), usdt(s.fee), usdt(s.realisedPnl), usdt(s.netPnl)])}
            sum={[t('overview.total'), String(total.data.tradeCount), usdt(total.data.volume), usdt(total.data.fee), usdt(total.data.realisedPnl), usdt(total.data.netPnl)]}
          />
        ) : null}
      </Block>

      <Block
        title={t('bills.title')}
        testId="trade-bills"
        actions={<ExportButton path="/broker/order/tradeBill/export" fields={exportFields(projectNo, range)} fileName={fileName('tradeBill')} />}
      >
        <TradeBillTable projectNo={projectNo} range={range} />
      </Block>

      <Block
        title={t('overview.accountTrades')}
        testId="account-trades"
        actions={<ExportButton path={OVERVIEW_EXPORT_PATHS.accountTrades} fields={{}} searchParams={exportFields(projectNo, range)} fileName={fileName('accountTrades')} />}
      >
        {accounts.data ? (
          <FigureTable
            label={t('overview.accountTrades')}
            head={[t('overview.subAccount'), t('overview.tradeCount'), t('overview.volume'), t('overview.fee'), t('overview.realisedPnl'), t('overview.netPnl')]}
            rows={accounts.data.list.map((a) => [`${a.subAccountName} (${a.projectNo})`, String(a.tradeCount), usdt(a.volume), usdt(a.fee), usdt(a.realisedPnl), usdt(a.netPnl)])}
          />
        ) : null}
      </Block>

      <Block
        title={t('overview.userTrades')}
        testId="user-trades"
        hint={t('overview.userTradesHint')}
        actions={<ExportButton path={OVERVIEW_EXPORT_PATHS.userTrades} fields={{}} searchParams={exportFields(projectNo, range)} fileName={fileName('userTrades')} />}
      >
        {users.data ? (
          <FigureTable
            label={t('overview.userTrades')}
            head={[t('overview.investor'), t('overview.projectCount'), t('overview.volumeShare'), t('overview.feeShare'), t('overview.pnlShare')]}
            rows={users.data.list.map((u) => [u.investorName, String(u.projectCount), usdt(u.volumeShare), usdt(u.feeShare), usdt(u.pnlShare)])}
          />
        ) : null}
      </Block>

      <Block
        title={t('overview.userProfit')}
        testId="user-profit"
        actions={<ExportButton path={OVERVIEW_EXPORT_PATHS.userProfit} fields={{}} searchParams={projectNo ? { projectNo } : {}} fileName={fileName('userProfit')} />}
      >
        {profit.data ? (
          <FigureTable
            label={t('overview.userProfit')}
            head={[t('overview.investor'), t('overview.project'), t('overview.units'), t('overview.value'), t('overview.netContribution'), t('returns.profit'), t('overview.interest'), t('returns.timeWeighted'), t('returns.moneyWeighted')]}
            rows={profit.data.list.map((u) => [
              u.investorName,
              u.projectName,
              unitsText(u.units),
              usdt(u.value),
              usdt(u.netContribution),
              usdt(u.profit),
              usdt(u.interestAccrued),
              rateText(u.timeWeighted),
              rateText(u.moneyWeighted),
            ])}
            sum={[t('overview.total'), '', '', usdt(profit.data.total.value), usdt(profit.data.total.netContribution), usdt(profit.data.total.profit), usdt(profit.data.total.interestAccrued), '', '']}
          />
        ) : null}
      </Block>

      <Block
        title={t('overview.userIncome')}
        testId="user-income"
        actions={<ExportButton path="/broker/account/overview/userIncomeRecord/export" fields={exportFields(projectNo, range)} fileName={fileName('userIncome')} />}
      >
        <UserIncomeTable projectNo={projectNo} range={range} />
      </Block>

      <RefreshTimes
        kinds={['volume', 'daily']}
        stamps={[
          { kind: 'volume', at: total.data?.refreshedAt },
          { kind: 'daily', at: report.data?.refreshedAt },
        ]}
      />
      {report.data ? (
        <p className="td-broker-hint" data-testid="overview-range">
          {t('overview.range', { from: report.data.range.from ?? PLACEHOLDER, to: report.data.range.to ?? PLACEHOLDER, time: formatDateTime(report.data.refreshedAt, { zone: true }) })}
        </p>
      ) : null}
    </div>
  );
}
