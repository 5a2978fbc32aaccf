import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useLocation } from 'react-router-dom';
import { LANGUAGES, isLanguage } from '../../lib/i18n/index.ts';
import { withLanguage } from '../../app/paths.ts';
import { updatePreferredLanguage } from './api.ts';
import { describeError } from './errors.ts';
import { bootstrapSession } from './session-bootstrap.ts';
import { AccountShell } from './ui/AccountShell.tsx';
import { FormMessage, useSubmit } from '../../components/form/index.ts';
import { PermissionList } from './ui/PermissionList.tsx';
import { formatDateTime } from '../../lib/format/index.ts';
import { WithdrawBans } from './ui/WithdrawBans.tsx';
import { useAccountInfo } from './use-account-info.ts';

export default function InformationPage() {
  const { t } = useTranslation('account');
  const { lang = 'zh-HK' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const info = useAccountInfo();
  const [language, setLanguage] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error'; text: string } | null>(null);
  // Kept as a flag, not as text: the save switches the interface language, and the note must follow it.
  const [saved, setSaved] = useState(false);
  const { submitting, run } = useSubmit();

  useEffect(() => {
    void bootstrapSession();
  }, []);

  const preferred = language ?? info?.preferredLanguage ?? lang;
  const kycLabel = (status: string | null | undefined) =>
    status === 'Certified' ? t('kycStatus.Certified') : status === 'review' ? t('kycStatus.review') : t('kycStatus.unCertified');

  const rows: Array<[string, string, string]> = info
    ? [
        ['name', t('fields.name'), `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim() || '--'],
        ['companyName', t('fields.companyName'), info.companyName ?? '--'],
        ['email', t('fields.email'), info.email ?? '--'],
        ['phone', t('fields.phone'), info.phone ? `${info.areaCode ?? ''} ${info.phone}` : t('info.notBound')],
        ['whatsapp', t('fields.whatsapp'), info.whatsapp || '--'],
        ['telegram', t('fields.telegram'), info.telegram || '--'],
        ['verificationType', t('info.verificationType'), info.verificationType === 'personal' ? t('info.personal') : t('info.institutional')],
        ['kycBasic', t('info.kycBasic'), kycLabel(info.kyc?.basic)],
        ['kycAdvanced', t('info.kycAdvanced'), kycLabel(info.kyc?.advanced)],
        ['ga', t('info.ga'), info.gaBound ? t('info.bound') : t('info.notBound')],
        ['status', t('info.status'), info.frozen ? t('info.frozen') : t('info.active')],
        ['createdAt', t('info.createdAt'), formatDateTime(info.createdAt, { zone: true })],
      ]
    : [];

  const save = async () => {
    setMessage(null);
    setSaved(false);
    const outcome = await run(async () => {
      try {
        await updatePreferredLanguage(preferred);
        await bootstrapSession();
        setSaved(true);
        // The preferred language is also the interface language from now on (spec §1 language prefix).
        if (isLanguage(preferred) && preferred !== lang) navigate(withLanguage(location.pathname, preferred));
      } catch (error) {
        setMessage({ tone: 'error', text: describeError(t, error).message });
      }
    });
    if (outcome === 'busy') setMessage({ tone: 'error', text: t('errors.clickOnce') });
  };

  return (
    <AccountShell title={t('info.title')}>
      <WithdrawBans bans={info?.withdrawBans} />
      <dl className="td-info-list" data-testid="account-info">
        {rows.map(([key, label, value]) => (
          <div key={key} data-testid={`info-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {info?.permissions ? <h2 className="td-subtitle">{t('permissions.title')}</h2> : null}
      <PermissionList permissions={info?.permissions} />
      <div className="td-form td-inline-form">
        <label htmlFor="td-preferred-language">{t('fields.preferredLanguage')}</label>
        <select id="td-preferred-language" data-testid="preferred-language" value={preferred} onChange={(e) => setLanguage(e.target.value)}>
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`common:languages.${code}`)}
            </option>
          ))}
        </select>
        <button type="button" className="td-button td-button-primary" disabled={submitting} onClick={() => void save()}>
          {submitting ? t('common.processing') : t('common.save')}
        </button>
      </div>
      <FormMessage text={message?.text ?? null} />
      <FormMessage tone="success" text={saved ? t('info.languageSaved') : null} />
    </AccountShell>
  );
}
