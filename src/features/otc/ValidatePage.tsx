import Decimal from 'decimal.js';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { OTC_TERMS } from '../../../contract/otc-rules.ts';
import { bootstrapSession, useAccountInfo } from '../account/index.ts';
import { amountText, usdText } from '../convert/shared.ts';
import { WalletShell } from '../wallet/shared.ts';
import { useLoad } from '../../lib/use-load.ts';
import { otcApi } from './api.ts';
import { DeskState } from './DeskTermsPanel.tsx';
import { useDeskTerms } from './use-desk-terms.ts';

type CheckState = 'ok' | 'missing' | 'info';

/**
 * otcinfo/validate: the user's OTC eligibility in one place — advanced KYC (spec §6), the account not frozen,
 * the desk open now, the 200,000 USD minimum against what is available, the user's quote limit — each with
 * what to do where something is missing.
 */
export default function ValidatePage() {
  const { t } = useTranslation('otc');
  const { lang } = useParams();
  const info = useAccountInfo();
  const terms = useDeskTerms(true);
  const money = useLoad(() => otcApi.availableMoney(), []);
  useEffect(() => void bootstrapSession(), []);
  const kyc = info?.kyc?.advanced;
  const frozen = info?.frozen === true;
  const minUsd = terms.config?.minUsd ?? OTC_TERMS.minUsd;
  const enough = money.data ? new Decimal(money.data.totalUsd).gte(minUsd) : null;
  const open = terms.config?.hours.open;
  const to = (path: string) => `/${lang}/${path}`;
  const ready = kyc === 'Certified' && !frozen;
  return (
    <WalletShell title={t('info.validate.title')}>
      <p className={`td-notice ${ready ? '' : 'td-notice-warning'}`} role="status" data-testid="otc-eligible" data-ready={info ? ready : ''}>
        {info ? t(ready ? 'info.validate.ready' : 'info.validate.notReady') : t('terms.loading')}
      </p>
      <ul className="td-otc-checks" data-testid="otc-checks">
        <Check
          name="kyc"
          state={kyc === undefined ? 'info' : kyc === 'Certified' ? 'ok' : 'missing'}
          title={t('info.validate.kyc')}
          detail={t(`info.validate.kycState.${kyc ?? 'unknown'}`)}
          fix={kyc !== 'Certified' ? <Link to={to('account/kyc')}>{t('permission.fix.kyc')}</Link> : null}
        />
        <Check name="frozen" state={frozen ? 'missing' : 'ok'} title={t('info.validate.frozen')} detail={t(frozen ? 'info.validate.frozenYes' : 'info.validate.frozenNo')} fix={null} />
        <Check
          name="desk"
          state={open === undefined ? 'info' : open ? 'ok' : 'missing'}
          title={t('info.validate.desk')}
          detail={<DeskState terms={terms} />}
          fix={null}
        />
        <Check
          name="minimum"
          state={enough === null ? 'info' : enough ? 'ok' : 'missing'}
          title={t('info.validate.minimum', { min: amountText(minUsd) })}
          detail={money.data ? t('info.validate.availableUsd', { value: usdText(money.data.totalUsd) }) : t('terms.loading')}
          fix={enough === false ? <Link to={to('otcinfo/recharge/fiat/USD')}>{t('info.validate.deposit')}</Link> : null}
        />
        <Check
          name="limit"
          state="info"
          title={t('info.validate.limit')}
          detail={terms.user ? t('terms.quoteLimitValue', { value: amountText(terms.user.quoteLimitUsd) }) : t('terms.loading')}
          fix={null}
        />
      </ul>
      <Link className="td-button td-button-primary td-otc-cta" to={to('otc/form')} data-testid="otc-validate-form">
        {t('info.validate.toForm')}
      </Link>
    </WalletShell>
  );
}

function Check({ name, state, title, detail, fix }: { name: string; state: CheckState; title: string; detail: ReactNode; fix: ReactNode }) {
  const { t } = useTranslation('otc');
  return (
    <li className={`td-otc-check td-otc-check-${state}`} data-testid={`otc-check-${name}`} data-state={state}>
      <span className="td-otc-check-mark">{t(`info.validate.states.${state}`)}</span>
      <div>
        <strong>{title}</strong>
        <div>{detail}</div>
        {fix ? <div>{fix}</div> : null}
      </div>
    </li>
  );
}
