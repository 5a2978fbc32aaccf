import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { FormMessage } from '../../../components/form/index.ts';
// DataTable alone, not the records kit's entry: this page does not load the kit's lazily paged table.
import { DataTable } from '../../../components/records/DataTable.tsx';
import { useLoad } from '../../../lib/use-load.ts';
import { messageApi, type MessageConfig } from './api.ts';
import { BrokerOnly } from './BrokerOnly.tsx';
import { CodeStep } from './CodeStep.tsx';
import { describeConfigError } from './errors.ts';
import { MessageForm } from './MessageForm.tsx';
import './config.css';

type Notice = { text: string; tone: 'error' | 'success' } | null;
type Panel = { kind: 'add' } | { kind: 'edit'; entry: MessageConfig } | { kind: 'verify'; entry: MessageConfig } | null;

/**
 * messafeSetting (spec §2 broker manager, the route's own spelling; spec §7 messageConfig/*): the
 * e-mail addresses that receive the organisation's notifications and what each is notified of. Adding is the
 * form, then the e-mail code; an entry's notifications and remark can be edited; deleting asks first.
 */
export default function MessageSettingPage() {
  return (
    <BrokerOnly>
      <MessageSettings />
    </BrokerOnly>
  );
}

function MessageSettings() {
  const { t } = useTranslation('broker-config');
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const list = useLoad(() => messageApi.list(), [version]);
  const [panel, setPanel] = useState<Panel>(null);
  const [deleting, setDeleting] = useState<MessageConfig | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const open = (next: Panel) => {
    setNotice(null);
    setPanel(next);
  };

  const remove = async (entry: MessageConfig) => {
    setNotice(null);
    try {
      await messageApi.delete(entry.id);
      setNotice({ text: t('message.deleted', { email: entry.email }), tone: 'success' });
      if (panel && panel.kind !== 'add' && panel.entry.id === entry.id) setPanel(null);
    } catch (error) {
      setNotice({ text: describeConfigError(t, error).message, tone: 'error' });
    }
    reload();
  };

  const rows = list.data ?? [];
  return (
    <div className="td-broker-config" data-testid="broker-message-setting">
      <div className="td-broker-config-head">
        <h1>{t('message.title')}</h1>
        <p className="td-field-hint">{t('message.intro')}</p>
      </div>
      <FormMessage text={notice?.text ?? (list.error ? describeConfigError(t, list.error).message : null)} tone={notice?.tone ?? 'error'} />
      {panel?.kind === 'add' ? (
        <MessageForm
          initial={null}
          title={t('message.form.addTitle')}
          submitText={t('message.form.next')}
          testId="message-add-form"
          save={async (values) => {
            const entry = await messageApi.submit({ email: values.email, events: values.events, ...(values.remark ? { remark: values.remark } : {}) });
            setPanel({ kind: 'verify', entry });
            reload();
          }}
          onCancel={() => setPanel(null)}
        />
      ) : panel?.kind === 'edit' ? (
        <MessageForm
          key={panel.entry.id}
          initial={{ email: panel.entry.email, events: panel.entry.events, remark: panel.entry.remark }}
          title={t('message.form.editTitle', { email: panel.entry.email })}
          submitText={t('message.form.save')}
          testId="message-edit-form"
          save={async (values) => {
            const entry = await messageApi.update({ id: panel.entry.id, events: values.events, remark: values.remark });
            setPanel(null);
            setNotice({ text: t('message.updated', { email: entry.email }), tone: 'success' });
            reload();
          }}
          onCancel={() => setPanel(null)}
        />
      ) : panel?.kind === 'verify' ? (
        <CodeStep
          key={panel.entry.id}
          testId="message-code"
          subject={panel.entry.email}
          request={() => messageApi.invoke(panel.entry.id)}
          confirm={async (code) => {
            const entry = await messageApi.confirm({ id: panel.entry.id, ...code });
            setPanel(null);
            setNotice({ text: t('message.saved', { email: entry.email }), tone: 'success' });
            reload();
          }}
          onCancel={() => setPanel(null)}
        />
      ) : (
        <div className="td-broker-config-buttons">
          <button type="button" className="td-button td-button-primary" onClick={() => open({ kind: 'add' })} data-testid="message-add">
            {t('message.add')}
          </button>
        </div>
      )}
      <DataTable<MessageConfig>
        rows={rows}
        columns={[
          { id: 'email', header: t('message.columns.email'), rowHeader: true, cell: (row) => row.email },
          { id: 'events', header: t('message.columns.events'), cell: (row) => row.events.map((e) => t(`message.events.${e}`)).join('、') },
          { id: 'remark', header: t('message.columns.remark'), cell: (row) => row.remark || t('common.none') },
          {
            id: 'status',
            header: t('message.columns.status'),
            cell: (row) => (
              <span className={`td-broker-config-state td-broker-config-state-${row.status}`} data-status={row.status}>
                {t(`message.status.${row.status}`)}
              </span>
            ),
          },
          { id: 'created', header: t('message.columns.created'), cell: (row) => formatDateTime(row.createdAt, { zone: true }) },
          { id: 'actions', header: t('message.columns.actions'), cell: (row) => <MessageActions row={row} onOpen={open} onDelete={setDeleting} /> },
        ]}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-message-row': row.email })}
        testId="message-table"
        className="td-table td-broker-config-table"
        region={{ className: 'td-table-scroll', label: t('message.table') }}
        headersWhenEmpty
        footer={
          rows.length === 0 && !list.loading ? (
            <tr>
              <td colSpan={6} className="td-broker-config-empty">
                {t('message.empty')}
              </td>
            </tr>
          ) : null
        }
      />
      <Modal
        visible={deleting !== null}
        title={t('message.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const entry = deleting;
          setDeleting(null);
          if (entry) void remove(entry);
        }}
      >
        <p data-testid="message-delete-confirm">{deleting ? t('message.deleteConfirm', { email: deleting.email }) : ''}</p>
      </Modal>
    </div>
  );
}

/** A notification e-mail's actions: verify (while pending), edit, delete. */
function MessageActions({ row, onOpen, onDelete }: { row: MessageConfig; onOpen: (panel: Panel) => void; onDelete: (row: MessageConfig) => void }) {
  const { t } = useTranslation('broker-config');
  return (
    <span className="td-broker-config-actions">
      {row.status === 'pending' ? (
        <button type="button" className="td-link-button" aria-label={t('message.actions.verifyNamed', { email: row.email })} onClick={() => onOpen({ kind: 'verify', entry: row })}>
          {t('message.actions.verify')}
        </button>
      ) : null}
      <button type="button" className="td-link-button" aria-label={t('message.actions.editNamed', { email: row.email })} onClick={() => onOpen({ kind: 'edit', entry: row })} data-testid={`message-edit-${row.id}`}>
        {t('message.actions.edit')}
      </button>
      <button type="button" className="td-link-button td-broker-config-danger" aria-label={t('message.actions.deleteNamed', { email: row.email })} onClick={() => onDelete(row)} data-testid={`message-delete-${row.id}`}>
        {t('message.actions.delete')}
      </button>
    </span>
  );
}
