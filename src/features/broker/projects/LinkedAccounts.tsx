import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import '../lists.css';
import { DataTable, ExportButton } from '../../../components/records/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { Notice } from '../parts.tsx';
import { relationApi, type ProjectRelation } from './api.ts';
import { describeProjectError } from './errors.ts';
import { PROJECT_EXPORT_PATHS, projectFileName } from './exports.ts';

/**
 * A project's sub-accounts (spec §7 account/project/relation/*): the primary one and the linked ones, whose assets
 * count towards the project's gross asset. A sub-account of the project's exchange that holds nothing can be linked;
 * a linked one that holds nothing again can be unlinked (so linking never moves the NAV).
 */
export function LinkedAccounts({ projectNo, accounts, onChange }: { projectNo: string; accounts: ProjectRelation[]; onChange: () => void }) {
  const { t } = useTranslation('broker-project');
  const [version, setVersion] = useState(0);
  const candidates = useLoad(() => relationApi.candidates(projectNo), [projectNo, version]);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const selectable = (candidates.data ?? []).filter((c) => c.selectable);

  const act = async (task: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      const text = await task();
      setNotice({ text, error: false });
      setChosen('');
      setVersion((v) => v + 1);
      onChange();
    } catch (error) {
      setNotice({ text: describeProjectError(t, error).message, error: true });
    } finally {
      setBusy(false);
    }
  };
  const link = () => {
    const account = selectable.find((c) => c.brokerAccountId === chosen);
    if (account) void act(async () => (await relationApi.add(projectNo, account.brokerAccountId), t('detail.linked', { name: account.subAccountName })));
  };
  const unlink = (relation: ProjectRelation) => void act(async () => (await relationApi.remove(relation.relationId), t('detail.unlinked', { name: relation.subAccountName })));

  return (
    <section className="td-broker-panel td-broker-project-panel" aria-labelledby="project-accounts">
      <div className="td-broker-project-panel__head">
        <h2 id="project-accounts">{t('detail.accounts')}</h2>
        <ExportButton path={PROJECT_EXPORT_PATHS.accounts} fields={{}} searchParams={{ projectNo }} fileName={projectFileName('accounts')} label={t('detail.accountsExport')} />
      </div>
      <p className="td-broker-hint">{t('detail.accountsIntro')}</p>
      <DataTable<ProjectRelation>
        rows={accounts}
        rowKey={(a) => a.relationId}
        rowProps={(a) => ({ 'data-relation': a.brokerAccountId })}
        testId="project-accounts"
        className="td-broker-table td-record-table"
        region={{ className: 'td-broker-scroll', label: t('detail.accounts') }}
        headersWhenEmpty
        columns={[
          { id: 'name', header: t('detail.accountColumns.name'), cell: (a) => a.subAccountName },
          { id: 'role', header: t('detail.accountColumns.role'), cell: (a) => t(`detail.roles.${a.role}`) },
          { id: 'value', header: t('detail.accountColumns.value'), numeric: true, cell: (a) => formatAssetAmount(a.usdt, 'USDT') },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (a) =>
              a.role === 'linked' ? (
                <button type="button" className="td-broker-link td-broker-link--danger" disabled={busy} onClick={() => unlink(a)} aria-label={t('detail.unlinkNamed', { name: a.subAccountName })} data-testid="relation-unlink">
                  {t('detail.unlink')}
                </button>
              ) : null,
          },
        ]}
      />
      <form className="td-broker-form td-broker-form--inline" onSubmit={(e) => (e.preventDefault(), link())} data-testid="relation-form">
        <label>
          {t('detail.linkAccount')}
          <select value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={selectable.length === 0} data-testid="relation-account">
            <option value="">{selectable.length === 0 ? t('detail.noCandidates') : t('common.choose')}</option>
            {selectable.map((c) => (
              <option key={c.brokerAccountId} value={c.brokerAccountId}>
                {c.subAccountName}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="td-broker-button" disabled={busy || !chosen} data-testid="relation-link">
          {t('detail.link')}
        </button>
      </form>
      <Notice text={notice?.text ?? null} error={notice?.error ?? false} testId="relation-notice" />
    </section>
  );
}
