import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/Modal.tsx';
import { showToast } from '../../../lib/toast/index.ts';
import { listSessions, revokeSession, type SessionRow } from '../api.ts';
import { deviceName } from '../device-name.ts';
import { describeError } from '../errors.ts';
import { FormMessage, useSubmit } from '../../../components/form/index.ts';
import { DataTable } from '../../../components/records/index.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { HelpLink } from '../../help/shared.ts';

/**
 * Signed-in devices (server/README.md "Sessions"): every working session of the account with its device,
 * address and last use; any of them can be signed out. Revoking asks first; revoking this device's own session
 * is a sign-out here, done the way the header's sign-out does it (`onSignedOut`).
 */
export function SessionsSection({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation('account');
  const [rows, setRows] = useState<SessionRow[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [asking, setAsking] = useState<SessionRow | null>(null);
  const { submitting, run } = useSubmit();

  // Bumped to read the list again (after a revoke).
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    listSessions().then(
      (reply) => live && setRows(reply.list),
      (error: unknown) => live && setMessage(describeError(t, error).message),
    );
    return () => {
      live = false;
    };
  }, [t, version]);

  const revoke = async (row: SessionRow) => {
    setAsking(null);
    setMessage(null);
    const outcome = await run(async () => {
      try {
        const done = await revokeSession(row.id);
        showToast({ severity: 'success', text: done.current ? t('safe.sessions.signedOutHere') : t('safe.sessions.revoked') });
        if (done.current) onSignedOut();
        else reload();
      } catch (error) {
        setMessage(describeError(t, error).message);
        reload();
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  return (
    <section className="td-safe-section" data-testid="safe-sessions" aria-labelledby="safe-sessions-title">
      <header>
        <div>
          <h2 id="safe-sessions-title">{t('safe.sessions.title')}</h2>
          <span className="td-safe-status">{t('safe.sessions.intro')}</span>
          <div className="td-safe-help">
            <HelpLink article="security/sessions-devices" />
          </div>
        </div>
      </header>
      <FormMessage text={message} />
      {rows === null ? <p className="td-empty">{t('common.loading')}</p> : null}
      {rows ? (
        <DataTable<SessionRow>
          rows={rows}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-testid': 'session-row', 'data-current': row.current })}
          testId="sessions-table"
          className="td-table"
          region={{ className: 'td-table-scroll', focusable: false }}
          empty={null}
          columns={[
            { id: 'device', header: t('safe.sessions.device'), cell: (row) => <Device row={row} />, cellProps: () => ({ className: 'td-cell-wrap' }) },
            { id: 'ip', header: t('safe.sessions.ip'), cell: (row) => row.ip ?? '--' },
            { id: 'lastSeen', header: t('safe.sessions.lastSeen'), cell: (row) => formatDateTime(row.lastSeenAt, { zone: true }) },
            { id: 'signedIn', header: t('safe.sessions.signedIn'), cell: (row) => formatDateTime(row.createdAt, { zone: true }) },
            {
              id: 'actions',
              header: <span className="td-visually-hidden">{t('safe.sessions.actions')}</span>,
              cell: (row) => (
                <button type="button" className="td-button td-button-secondary" disabled={submitting} data-testid="session-revoke" onClick={() => setAsking(row)}>
                  {row.current ? t('safe.sessions.signOutHere') : t('safe.sessions.revoke')}
                  {/* The device completes the name for screen readers; the visible words stay at its start (WCAG 2.5.3). */}
                  <span className="td-visually-hidden">{t('safe.sessions.revokeDevice', { device: deviceName(t, row) })}</span>
                </button>
              ),
            },
          ]}
        />
      ) : null}
      <Modal
        visible={asking !== null}
        title={asking?.current ? t('safe.sessions.confirmCurrentTitle') : t('safe.sessions.confirmTitle')}
        confirmText={asking?.current ? t('safe.sessions.signOutHere') : t('safe.sessions.revoke')}
        closeText={t('common.cancel')}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void revoke(asking);
        }}
      >
        <p data-testid="session-confirm-text">
          {asking?.current ? t('safe.sessions.confirmCurrent') : t('safe.sessions.confirm', { device: asking ? deviceName(t, asking) : '', ip: asking?.ip ?? '--' })}
        </p>
      </Modal>
    </section>
  );
}

function Device({ row }: { row: SessionRow }) {
  const { t } = useTranslation('account');
  return (
    <>
      {deviceName(t, row)}
      {row.current ? (
        <span className="td-badge" data-testid="session-current">
          {t('safe.sessions.thisDevice')}
        </span>
      ) : null}
    </>
  );
}
