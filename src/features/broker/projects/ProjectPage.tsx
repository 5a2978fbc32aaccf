import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../../contract/broker-projects-rules.ts';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { ExportButton, FilterBar, PageSizeSelect, RecordTable, useRecordQuery } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { refreshProjectList } from '../lookup-store.ts';
import { ExchangeName, LoadError, Notice } from '../parts.tsx';
import { projectApi, type Project } from './api.ts';
import { PROJECT_EXPORT_PATHS, projectFileName } from './exports.ts';
import { NewProjectForm } from './NewProjectForm.tsx';
import { formatNav, formatUnits } from './rules.ts';
import { ProjectStatusBadge } from './StatusBadge.tsx';
import './locale.ts';
import '../pages.css';
import './projects.css';
import { useListFailure } from '../list-failure.tsx';

/**
 * project (spec §2 broker manager, the manager's default page; spec §4 project states): the organisation's
 * projects by status tab (not started, in progress, completed, each with its count), server-paged, with the NAV per
 * unit, units, net asset and the start and end days; a new project applied for with applyRecord/add.
 */
export default function ProjectPage() {
  return (
    <BrokerOnly>
      <Projects />
    </BrokerOnly>
  );
}

function Projects() {
  const { t } = useTranslation('broker-project');
  const describeFailure = useListFailure();
  const { lang } = useParams();
  usePrimeLocale();
  const [status, setStatus] = useState<ProjectStatus>('in_progress');
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { paging, setPaging, onPage } = useRecordQuery({});
  const counts = useLoad(() => projectApi.byStatus({ status }), [status, version]);
  const page = useLoad(() => projectApi.page(paging, { status }), [paging, status, version]);
  const base = `/${lang}/brokerManager`;

  const choose = (next: ProjectStatus) => {
    setStatus(next);
    setPaging({ pageNum: 1, pageSize: paging.pageSize });
  };
  const created = (project: { projectNo: string; status: ProjectStatus }) => {
    setCreating(false);
    setNotice(t('list.created', { projectNo: project.projectNo }));
    void refreshProjectList();
    setStatus(project.status);
    setPaging({ pageNum: 1, pageSize: paging.pageSize });
    setVersion((v) => v + 1);
  };

  return (
    <section className="td-broker-page td-broker-projects" data-testid="broker-project-page">
      <div className="td-broker-page__head">
        <div>
          <h1>{t('list.title')}</h1>
          <p className="td-broker-hint">{t('list.intro')}</p>
        </div>
        {creating ? null : (
          <button type="button" className="td-broker-button" onClick={() => setCreating(true)} data-testid="project-create">
            {t('list.create')}
          </button>
        )}
      </div>
      {creating ? <NewProjectForm onDone={created} onClose={() => setCreating(false)} /> : null}
      <Notice text={notice} testId="project-notice" />
      <FilterBar actions={<ExportButton path={PROJECT_EXPORT_PATHS.projects} fields={{}} searchParams={{ status }} fileName={projectFileName('projects')} />}>
        <div className="td-broker-segments" role="group" aria-label={t('list.tabs')}>
          {PROJECT_STATUSES.map((s) => (
            <button key={s} type="button" aria-pressed={status === s} className={status === s ? 'is-on' : undefined} onClick={() => choose(s)} data-testid={`project-tab-${s}`}>
              {t(`states.${s}`)}
              {counts.data ? <span data-testid={`project-count-${s}`}>{t('list.count', { count: counts.data.counts[s] })}</span> : null}
            </button>
          ))}
        </div>
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <LoadError error={counts.error} />
      <RecordTable<Project> label={t('list.title')} dataKey="projectNo" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('list.columns.projectNo')} body={(row: Project) => <span data-project-row={row.projectNo}>{row.projectNo}</span>} />
        <Column
          header={t('list.columns.name')}
          body={(row: Project) => (
            <Link to={`${base}/project-detail/${row.projectNo}`} data-testid="project-name">
              {row.name}
            </Link>
          )}
        />
        <Column header={t('list.columns.exchange')} body={(row: Project) => <ExchangeName code={row.exchangeCode} />} />
        <Column header={t('list.columns.status')} body={(row: Project) => <ProjectStatusBadge status={row.status} />} />
        <Column header={t('list.columns.nav')} className="td-num" headerClassName="td-num" body={(row: Project) => <span data-testid="project-nav">{formatNav(row.nav)}</span>} />
        <Column header={t('list.columns.units')} className="td-num" headerClassName="td-num" body={(row: Project) => <span data-testid="project-units">{formatUnits(row.units)}</span>} />
        <Column header={t('list.columns.netAsset')} className="td-num" headerClassName="td-num" body={(row: Project) => <span data-testid="project-net-asset">{formatAssetAmount(row.netAsset, 'USDT')}</span>} />
        <Column header={t('list.columns.startDay')} field="startDay" />
        <Column header={t('list.columns.endDay')} field="endDay" />
        <Column
          header={t('list.columns.actions')}
          body={(row: Project) => (
            <span className="td-broker-actions">
              <Link to={`${base}/project-detail/${row.projectNo}`} aria-label={t('list.detailNamed', { name: row.name })} data-testid="project-detail-link">
                {t('list.detail')}
              </Link>
              {row.status !== 'completed' ? (
                <Link to={`${base}/investment?projectNo=${row.projectNo}`} data-testid="project-increase-link">
                  {t('list.increase')}
                </Link>
              ) : null}
              <Link to={`${base}/redeem?projectNo=${row.projectNo}`} data-testid="project-decrease-link">
                {t('list.decrease')}
              </Link>
            </span>
          )}
        />
      </RecordTable>
    </section>
  );
}
