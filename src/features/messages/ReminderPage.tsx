import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AccountUserInfo } from '../account/index.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { setOrderConfirm, useOrderConfirm } from '../../lib/session/order-confirm.ts';
import { OrderGuardPanel } from './OrderGuardSettings.tsx';
import { acknowledgeSafetyNotice, readSafetyNotice } from './safety-notice.ts';
import './messages.css';

const NOTICE_POINTS = ['codes', 'antiPhishing', 'address', 'whitelist', 'restrictions'] as const;

/** spec §2 `reminder` (public), spec §4: the safety notice and the signed-in user's reminders. */
export default function ReminderPage() {
  const { t } = useTranslation('messages');
  const { lang } = useParams();
  const isLogin = useSession((s) => s.isLogin);
  usePageMeta(t('reminder.meta.title'), t('reminder.meta.description'));
  return (
    <div className="td-msg" data-testid="reminder-page">
      <header className="td-msg-head">
        <h1>{t('reminder.title')}</h1>
        <p>{t('reminder.lead')}</p>
      </header>
      <section className="td-msg-panel td-msg-section" aria-labelledby="safety-notice">
        <h2 id="safety-notice">{t('reminder.notice.title')}</h2>
        <ul className="td-msg-points">
          {NOTICE_POINTS.map((key) => (
            <li key={key}>{t(`reminder.notice.points.${key}`)}</li>
          ))}
        </ul>
        {isLogin ? (
          <Acknowledgement />
        ) : (
          <p>
            {t('reminder.notice.signedOut')} <Link to={`/${lang}/login`}>{t('signIn')}</Link>
          </p>
        )}
      </section>
      {isLogin ? <OrderConfirmReminder /> : null}
      {isLogin ? <OrderGuardPanel /> : null}
    </div>
  );
}

function Acknowledgement() {
  const { t } = useTranslation('messages');
  const [readAt, setReadAt] = useState(readSafetyNotice);
  if (readAt) {
    return (
      <p className="td-msg-done" data-testid="safety-notice-read" role="status">
        {t('reminder.notice.readAt', { time: formatDateTime(readAt, { zone: true }) })}
      </p>
    );
  }
  return (
    <button type="button" className="td-msg-button" data-testid="safety-notice-ack" onClick={() => setReadAt(acknowledgeSafetyNotice(new Date()))}>
      {t('reminder.notice.acknowledge')}
    </button>
  );
}

/** spec §7 POST /institution/updateOrderConfirmStatus: whether an order is confirmed before it is placed. */
function OrderConfirmReminder() {
  const { t } = useTranslation('messages');
  const userInfo = useSession((s) => s.userInfo as AccountUserInfo | null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const checked = useOrderConfirm();

  const change = (orderConfirmStatus: boolean) => {
    setSaving(true);
    setSaved(false);
    setOrderConfirm(orderConfirmStatus).then(
      () => {
        setSaving(false);
        setSaved(true);
      },
      () => setSaving(false), // the client has shown the refusal
    );
  };

  return (
    <section className="td-msg-panel td-msg-section" aria-labelledby="reminders">
      <h2 id="reminders">{t('reminder.reminders.title')}</h2>
      <label className="td-msg-check">
        <input type="checkbox" data-testid="order-confirm" checked={checked} disabled={saving || !userInfo} onChange={(e) => change(e.target.checked)} />
        {t('reminder.reminders.orderConfirm')}
      </label>
      <p className="td-msg-hint">{t('reminder.reminders.orderConfirmHint')}</p>
      <p className="td-msg-done" role="status" data-testid="order-confirm-saved">
        {saved ? t(checked ? 'reminder.reminders.savedOn' : 'reminder.reminders.savedOff') : ''}
      </p>
    </section>
  );
}
