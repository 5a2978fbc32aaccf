import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { useAccountInfo } from '../account/index.ts';
import { refreshUnread, unreadStore } from '../messages/index.ts';
import { formatDateTime, PLACEHOLDER } from '../../lib/format/index.ts';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import './usercenter.css';

const LINKS = [
  ['wallet', 'wallet/overview'],
  ['security', 'account/safe'],
  ['messages', 'message'],
  ['reminder', 'reminder'],
  ['kyc', 'account/kyc'],
  ['history', 'account/hitory'],
] as const;

/** spec §2 userCenter (white layout, signed in): who is signed in, how far verified and secured, and where to go. */
export default function UserCenterPage() {
  const { t } = useTranslation('userCenter');
  const { lang } = useParams();
  const info = useAccountInfo();
  const unread = useStore(unreadStore, (s) => s.unread);
  usePageMeta(t('meta.title'), t('meta.description'));

  useEffect(() => {
    void refreshUnread();
  }, []);

  if (!info) return <p className="td-uc-loading">{t('loading')}</p>;
  const yes = (on: boolean) => t(on ? 'account:info.bound' : 'account:info.notBound');
  const rows: Array<[string, string]> = [
    [t('email'), info.email ?? PLACEHOLDER],
    [t('company'), info.companyName ?? PLACEHOLDER],
    [t('account:info.verificationType'), t(info.verificationType === 'personal' ? 'account:info.personal' : 'account:info.institutional')],
    [t('account:info.kycBasic'), t(`account:kycStatus.${info.kyc?.basic ?? 'unCertified'}`)],
    [t('account:info.kycAdvanced'), t(`account:kycStatus.${info.kyc?.advanced ?? 'unCertified'}`)],
    [t('account:info.ga'), yes(info.gaBound === true)],
    [t('phone'), yes(info.phoneBound === true)],
    [t('antiPhishing'), t(typeof info.antiPhishingCode === 'string' ? 'set' : 'notSet')],
    [t('account:info.status'), t(info.frozen === true ? 'account:info.frozen' : 'account:info.active')],
    [t('account:info.createdAt'), formatDateTime(info.createdAt, { zone: true })],
  ];
  return (
    <div className="td-uc" data-testid="user-center">
      <header className="td-uc-head">
        <h1>{t('greeting', { name: `${info.firstName} ${info.lastName}`.trim() })}</h1>
        <p>{t('lead')}</p>
      </header>
      <div className="td-uc-grid">
        <section className="td-uc-card" aria-labelledby="uc-profile">
          <h2 id="uc-profile">{t('profile')}</h2>
          <dl className="td-uc-list">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="td-uc-card" aria-labelledby="uc-next">
          <h2 id="uc-next">{t('shortcuts')}</h2>
          <p data-testid="user-center-unread">{t('unread', { count: unread ?? 0 })}</p>
          {(info.withdrawBans?.length ?? 0) > 0 ? <p className="td-uc-note">{t('withdrawRestricted')}</p> : null}
          <ul className="td-uc-links">
            {LINKS.map(([key, path]) => (
              <li key={key}>
                <Link to={`/${lang}/${path}`}>{t(`links.${key}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
