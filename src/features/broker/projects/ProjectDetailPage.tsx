import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PROJECT_NO_PATTERN } from '../../../../contract/broker-projects-rules.ts';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import { useLoad } from '../../../lib/use-load.ts';
import { ExchangeName, LoadError, Notice } from '../parts.tsx';
import { projectApi, type ProjectInfo } from './api.ts';
import { CapitalFlows } from './CapitalFlows.tsx';
import { Documents } from './Documents.tsx';
import { Holdings } from './Holdings.tsx';
import { LinkedAccounts } from './LinkedAccounts.tsx';
import { formatNav, formatUnits, fractionPercent } from './rules.ts';
import { ProjectStatusBadge } from './StatusBadge.tsx';
import './locale.ts';
import '../pages.css';
import './projects.css';

const usdt = (value: string) => `${formatAssetAmount(value, 'USDT')} USDT`;

/**
 * project-detail/{projectNo} (spec §2 broker manager; spec §7 project/queryBrokerProjectInfo): one project — its terms, its capital (gross asset,
 * the two liabilities, net asset, units, NAV per unit live and at the last zero-hour record), its sub-accounts (the
 * primary one and those linked to it), the investors' units and principal with the interest they are owed, and its
 * capital increases and decreases.
 */
export default function ProjectDetailPage() {
  return (
    <BrokerOnly>
      <ProjectDetail />
    </BrokerOnly>
  );
}

/** A project number that cannot be one (P + 12 digits) is not asked for: the page says it is not found. */
function ProjectDetail() {
  const { t } = useTranslation('broker-project');
  const { lang, projectNo = '' } = useParams();
  if (PROJECT_NO_PATTERN.test(projectNo)) return <ProjectDetailView projectNo={projectNo} />;
  return (
    <section className="td-broker-page td-broker-projects" data-testid="broker-project-detail">
      <Link to={`/${lang}/brokerManager/project`} className="td-broker-back">
        {t('detail.back')}
      </Link>
      <h1>{t('detail.title')}</h1>
      <Notice error text={t('errors.notFound')} testId="project-not-found" />
    </section>
  );
}

function ProjectDetailView({ projectNo }: { projectNo: string }) {
  const { t } = useTranslation('broker-project');
  const { lang } = useParams();
  usePrimeLocale();
  const info = useLoad(() => projectApi.info(projectNo), [projectNo]);
  const capital = useLoad(() => projectApi.capital(projectNo), [projectNo]);
  const base = `/${lang}/brokerManager`;
  const project = info.data?.project;

  return (
    <section className="td-broker-page td-broker-projects" data-testid="broker-project-detail">
      <Link to={`${base}/project`} className="td-broker-back">
        {t('detail.back')}
      </Link>
      <div className="td-broker-page__head">
        <h1>
          {t('detail.title')}
          {project ? ` · ${project.name}` : ''}
        </h1>
        {project ? (
          <span className="td-broker-actions">
            {project.status !== 'completed' ? (
              <Link to={`${base}/investment?projectNo=${project.projectNo}`} data-testid="detail-increase-link">
                {t('list.increase')}
              </Link>
            ) : null}
            <Link to={`${base}/redeem?projectNo=${project.projectNo}`} data-testid="detail-decrease-link">
              {t('list.decrease')}
            </Link>
          </span>
        ) : null}
      </div>
      <LoadError error={info.error} />
      {info.data ? (
        <div className="td-broker-project-grid">
          <Terms info={info.data} />
          <Capital info={info.data} />
        </div>
      ) : null}
      {info.data ? <LinkedAccounts projectNo={projectNo} accounts={info.data.accounts} onChange={info.reload} /> : null}
      <Holdings projectNo={projectNo} capital={capital} interestPayable={project?.interestPayable ?? null} />
      <CapitalFlows projectNo={projectNo} />
      <Documents projectNo={projectNo} />
    </section>
  );
}

function Terms({ info }: { info: ProjectInfo }) {
  const { t } = useTranslation('broker-project');
  const p = info.project;
  return (
    <section className="td-broker-panel td-broker-project-panel" aria-labelledby="project-terms">
      <h2 id="project-terms">{t('detail.terms')}</h2>
      <dl className="td-broker-facts" data-testid="project-terms">
        <dt>{t('detail.projectNo')}</dt>
        <dd data-testid="detail-project-no">{p.projectNo}</dd>
        <dt>{t('detail.status')}</dt>
        <dd>
          <ProjectStatusBadge status={p.status} />
        </dd>
        <dt>{t('detail.exchange')}</dt>
        <dd>
          <ExchangeName code={p.exchangeCode} />
        </dd>
        <dt>{t('detail.primaryAccount')}</dt>
        <dd>{p.subAccountName}</dd>
        <dt>{t('detail.period')}</dt>
        <dd data-testid="detail-period">{t('detail.periodValue', { start: p.startDay, end: p.endDay })}</dd>
        <dt>{t('detail.interestRate')}</dt>
        <dd data-testid="detail-interest-rate">{fractionPercent(p.interestRate)}</dd>
        <dt>{t('detail.performanceFeeRate')}</dt>
        <dd>{fractionPercent(p.performanceFeeRate)}</dd>
        <dt>{t('detail.minSubscription')}</dt>
        <dd>{usdt(p.minSubscription)}</dd>
        <dt>{t('detail.hwm')}</dt>
        <dd>{formatNav(p.hwm)}</dd>
        {p.description ? (
          <>
            <dt>{t('detail.description')}</dt>
            <dd>{p.description}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function Capital({ info }: { info: ProjectInfo }) {
  const { t } = useTranslation('broker-project');
  const p = info.project;
  return (
    <section className="td-broker-panel td-broker-project-panel" aria-labelledby="project-capital">
      <h2 id="project-capital">{t('detail.capital')}</h2>
      <dl className="td-broker-facts" data-testid="project-capital">
        <dt>{t('common.nav')}</dt>
        <dd data-testid="detail-nav">{formatNav(p.nav)}</dd>
        {p.recordDay && p.recordNav ? (
          <>
            <dt>{t('common.navOn', { day: p.recordDay })}</dt>
            <dd data-testid="detail-record-nav">{formatNav(p.recordNav)}</dd>
          </>
        ) : null}
        <dt>{t('common.units')}</dt>
        <dd data-testid="detail-units">{formatUnits(p.units)}</dd>
        <dt>{t('common.grossAsset')}</dt>
        <dd data-testid="detail-gross-asset">{usdt(p.grossAsset)}</dd>
        <dt>{t('detail.interestPayable')}</dt>
        <dd data-testid="detail-interest-payable">{usdt(p.interestPayable)}</dd>
        <dt>{t('detail.profitPayable')}</dt>
        <dd data-testid="detail-profit-payable">{usdt(p.profitPayable)}</dd>
        <dt>{t('common.netAsset')}</dt>
        <dd data-testid="detail-net-asset">{usdt(p.netAsset)}</dd>
        <dt>{t('detail.totalIn')}</dt>
        <dd data-testid="detail-total-in">{usdt(info.totalIn)}</dd>
        <dt>{t('detail.totalOut')}</dt>
        <dd data-testid="detail-total-out">{usdt(info.totalOut)}</dd>
        <dt>{t('detail.available')}</dt>
        <dd data-testid="detail-available">{usdt(info.available)}</dd>
      </dl>
    </section>
  );
}
