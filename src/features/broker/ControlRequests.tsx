import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlKind } from '../../../contract/broker-controls.ts';
import { DataTable } from '../../components/records/index.ts';
import { formatAssetAmount, formatDateTime } from '../../lib/format/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { accountsApi, type ControlRequest } from './accounts-api.ts';
import { DecisionPanel, type DecisionCalls } from './money/DecisionPanel.tsx';
import { fundApi } from './money/api.ts';
import { describeMoneyError } from './money/errors.ts';
import './money/locale.ts';
import { LoadError, Notice } from './parts.tsx';

/** The requests' decisions (contract/broker-controls.ts), in the shape the money applications' panel calls them. */
const CALLS: DecisionCalls = {
  approve: async ({ applicationId, emailUuid, emailCode, gaCode }) => {
    const done = await accountsApi.approveControl({ approvalId: applicationId, emailUuid, emailCode, ...(gaCode ? { gaCode } : {}) });
    return { applicationId: done.approvalId };
  },
  reject: async ({ applicationId, reason, gaCode }) => {
    const done = await accountsApi.rejectControl({ approvalId: applicationId, ...(gaCode ? { gaCode } : {}), ...(reason ? { reason } : {}) });
    return { applicationId: done.approvalId };
  },
  approveCode: (applicationId) => fundApi.invoke('brokerApprove', { kind: 'approveControl', approvalId: applicationId }),
};

/**
 * What waits for a second member besides the money applications (spec §4 maker-checker; server/broker/README.md
 * "Maker-checker controls"): API keys that can move money (`api_key`) on the API page, unbinding a sub-account that
 * holds money (`unbind`) on the sub-accounts page. Another member than the applicant decides each with the
 * decision panel of the transfers (the checker's e-mail and Google codes); the applicant sees their own as waiting.
 */
export function ControlRequests({ kind, version, onDecided }: { kind: ControlKind; version: number; onDecided: () => void }) {
  const { t } = useTranslation('broker');
  const [mine, setMine] = useState(0);
  const list = useLoad(() => accountsApi.controls({ pageCondition: { pageNum: 1, pageSize: 50 }, queryCondition: { kind, status: 'applying' } }), [kind, version, mine]);
  const [deciding, setDeciding] = useState<ControlRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = list.data?.list ?? [];
  if (!list.error && rows.length === 0 && !deciding && !notice) return null;

  const what = (row: ControlRequest) =>
    row.kind === 'api_key'
      ? t('controls.keySubject', { apiKey: row.apiKey ?? '', permissions: row.permissions.map((p) => t(`permissions.${p}`)).join('、') })
      : t('controls.unbindSubject', { balances: row.balances.map((b) => `${formatAssetAmount(b.amount, b.asset)} ${b.asset}`).join('、') || '—' });

  return (
    <section className="td-broker-controls" aria-labelledby={`controls-${kind}`} data-testid={`controls-${kind}`}>
      <h2 id={`controls-${kind}`}>{t(`controls.title.${kind}`)}</h2>
      <LoadError error={list.error} />
      <Notice text={notice} testId="controls-notice" />
      {deciding ? (
        <DecisionPanel
          t={t}
          prefix="controls"
          application={{ applicationId: deciding.approvalId }}
          calls={CALLS}
          subject={`${deciding.subAccountName} · ${what(deciding)} · ${t('controls.applicant', { email: deciding.applicant })}`}
          describe={(error) => describeMoneyError(t, error)}
          onDone={(text) => {
            setDeciding(null);
            setNotice(text);
            setMine((n) => n + 1);
            onDecided();
          }}
          onCancel={() => setDeciding(null)}
        />
      ) : null}
      {rows.length > 0 ? (
        <DataTable<ControlRequest>
          rows={rows}
          rowKey={(r) => r.approvalId}
          testId={`controls-${kind}-table`}
          className="td-broker-table td-record-table"
          region={{ className: 'td-broker-scroll', label: t(`controls.title.${kind}`) }}
          columns={[
            { id: 'created', header: t('common.createdAt'), cell: (r) => formatDateTime(r.createdAt, { zone: true }) },
            { id: 'account', header: t('common.subAccount'), cell: (r) => r.subAccountName },
            { id: 'what', header: t('controls.what'), cell: what },
            { id: 'applicant', header: t('controls.applicantColumn'), cell: (r) => r.applicant },
            {
              id: 'action',
              header: t('common.actions'),
              cell: (r) =>
                r.canDecide ? (
                  <button type="button" className="td-broker-link" onClick={() => (setNotice(null), setDeciding(r))} data-testid="control-decide">
                    {t('controls.decide')}
                  </button>
                ) : (
                  <span data-testid="control-waiting">{t('controls.waiting')}</span>
                ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
