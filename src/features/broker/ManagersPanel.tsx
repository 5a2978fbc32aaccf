import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/index.ts';
import { isEmailFormat } from '../../lib/validation/index.ts';
import { accountsApi } from './accounts-api.ts';
import './lists.css';
import { useLoad } from '../../lib/use-load.ts';
import { LoadError, Notice } from './parts.tsx';
import { managerFailureText } from './manager-refusal.ts';

/**
 * The organisation's account managers (spec §7 account/allEmail, getLoginInfo) and, for the owner, adding one
 * with the e-mail confirmation of spec §7: submitAccountManager names the user, invokeAccountManager e-mails a
 * code, confirmAccountManager takes it.
 */
export function ManagersPanel() {
  const { t } = useTranslation('broker');
  const id = useId();
  const [version, setVersion] = useState(0);
  const info = useLoad(() => accountsApi.loginInfo(), [version]);
  const members = useLoad(() => accountsApi.members(), [version]);
  const [email, setEmail] = useState('');
  const [uuid, setUuid] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const owner = info.data?.role === 'owner';

  const step = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setError(managerFailureText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    step(async () => {
      if (!isEmailFormat(email.trim())) throw new Error(t('managers.errors.email'));
      await accountsApi.submitManager(email.trim());
      const sent = await accountsApi.invokeManager(email.trim());
      setUuid(sent.uuid);
      setNotice(t('managers.sent', { email: email.trim() }));
      setVersion((v) => v + 1);
    });
  const confirm = () =>
    step(async () => {
      if (!/^\d{6}$/.test(code)) throw new Error(t('managers.errors.code'));
      const member = await accountsApi.confirmManager(email.trim(), uuid ?? '', code);
      setNotice(t('managers.confirmed', { email: member.email }));
      setUuid(null);
      setEmail('');
      setCode('');
      setVersion((v) => v + 1);
    });

  return (
    <section className="td-broker-panel" aria-labelledby={`${id}-title`} data-testid="managers-panel">
      <h2 id={`${id}-title`}>{t('managers.title')}</h2>
      <LoadError error={members.error ?? info.error} />
      <ul className="td-broker-members">
        {(members.data ?? []).map((m) => (
          <li key={m.email} data-testid="manager-row">
            <span>{m.email}</span>
            <span className="td-broker-badge">{t(`managers.${m.role}`)}</span>
            <span className="td-broker-hint">{t('managers.joinedAt')} {formatDateTime(m.joinedAt, { zone: true })}</span>
          </li>
        ))}
        {(info.data?.pendingInvites ?? [])
          .filter((i) => i.status === 'pending')
          .map((i) => (
            <li key={`pending-${i.email}`} data-testid="manager-pending">
              <span>{i.email}</span>
              <span className="td-broker-badge td-broker-badge--muted">{t('managers.pending')}</span>
            </li>
          ))}
      </ul>
      {owner ? (
        <form className="td-broker-form td-broker-form--inline" onSubmit={(e) => (e.preventDefault(), void (uuid ? confirm() : send()))} noValidate>
          <label>
            {t('managers.email')}
            <input type="email" value={email} readOnly={uuid !== null} autoComplete="off" maxLength={254} onChange={(e) => setEmail(e.target.value)} data-testid="manager-email" />
          </label>
          {uuid ? (
            <label>
              {t('managers.code')}
              <input value={code} inputMode="numeric" maxLength={6} autoComplete="one-time-code" onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} data-testid="manager-code" />
            </label>
          ) : null}
          <button type="submit" className="td-broker-button" disabled={busy} data-testid={uuid ? 'manager-confirm' : 'manager-send'}>
            {uuid ? t('managers.confirm') : t('managers.sendCode')}
          </button>
        </form>
      ) : info.data ? (
        <p className="td-broker-hint">{t('managers.ownerOnly')}</p>
      ) : null}
      <Notice error text={error} testId="manager-error" />
      <Notice text={notice} testId="manager-notice" />
    </section>
  );
}
