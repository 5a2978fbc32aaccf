import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { bootstrapSession, useAccountInfo } from '../account/index.ts';
import { FormMessage } from '../../components/form/index.ts';
import { PageTabs } from '../convert/shared.ts';
import { useSession } from '../../lib/session/index.ts';
import { DelegatedOrder } from './DelegatedOrder.tsx';
import { EnquiryScreen } from './EnquiryScreen.tsx';
import { describeOtcError } from './errors.ts';
import { InstantQuote } from './InstantQuote.tsx';
import { useDeskTerms } from './use-desk-terms.ts';
import { useOtcData } from './use-otc-data.ts';
import './otc.css';

type Mode = 'quote' | 'limit';
const modePath = (mode: Mode) => (mode === 'limit' ? 'otc/form?mode=limit' : 'otc/form');

/**
 * otc/form (signed in, spec §2 routes): the desk's two modes of spec §1 — an instant quote (`?mode` absent) or a
 * delegated order (`?mode=limit`) — beside the desk's terms. OTC needs advanced KYC and an account not frozen
 * (the user menu's `otc` permission): otherwise the form says what is missing and links to it.
 */
export default function OtcFormPage() {
  const { t } = useTranslation('otc');
  const { lang } = useParams();
  const [search] = useSearchParams();
  const mode: Mode = search.get('mode') === 'limit' ? 'limit' : 'quote';
  const terms = useDeskTerms(true);
  const data = useOtcData(true, terms.reload);
  const info = useAccountInfo();
  const permission = info?.permissions?.['otc'];
  const blocked = permission && !permission.enabled ? (permission.reason ?? 'operations') : null;
  // Permissions come from the user menu (spec §6): read again here, so a KYC just approved counts.
  useEffect(() => void bootstrapSession(), []);
  const error = terms.error ?? data.error;
  return (
    <div className="td-convert td-otc" data-testid="otc" data-mode={mode}>
      <div className="td-convert-head">
        <h1>{t('title')}</h1>
        <PageTabs label={t('modes.label')} current={mode} testId="otc-mode" items={(['quote', 'limit'] as const).map((m) => ({ key: m, path: modePath(m), text: t(`modes.${m}`) }))} />
      </div>
      <p className="td-convert-intro">
        {t(mode === 'quote' ? 'intro.quote' : 'intro.limit')} <Link to={`/${lang}/otcinfo/avaliable`}>{t('intro.area')}</Link>
      </p>
      {error ? <FormMessage text={describeOtcError(t, error).message} /> : null}
      {mode === 'quote' ? <InstantQuote key="quote" terms={terms} data={data} blocked={blocked} /> : <DelegatedOrder key="limit" terms={terms} data={data} blocked={blocked} />}
    </div>
  );
}

/** otc/form/unlogin (public): the enquiry form; a signed-in person goes to the desk's own form. */
export function PublicOtcPage() {
  const { lang } = useParams();
  const signedIn = useSession((s) => s.isLogin);
  if (signedIn) return <Navigate replace to={`/${lang}/otc/form`} />;
  return <EnquiryScreen />;
}
