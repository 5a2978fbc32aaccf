import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Modal } from '../../components/modal/Modal.tsx';
import { session } from '../../lib/session/index.ts';
import { freezeAccount } from './api.ts';
import { describeError } from './errors.ts';
import { AccountShell } from './ui/AccountShell.tsx';
import { FreezeEffects } from './ui/FreezeEffects.tsx';
import { FormMessage, useSubmit } from '../../components/form/index.ts';
import { HelpLink } from '../help/shared.ts';

/** spec §4 "Account freeze: it disables withdrawals and exchange, and logs the user out." */
export default function FreezePage() {
  const { t } = useTranslation('account');
  const { lang } = useParams();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();

  const freeze = async () => {
    const outcome = await run(async () => {
      try {
        await freezeAccount();
        setConfirming(false);
        // The server ended every session; this one is cleared here (no logout call: the token is dead),
        // after leaving the guarded page (flushSync: not in a transition) so that its guard does not redirect on its own.
        void navigate(`/${lang}/login`, { replace: true, state: { frozen: true }, flushSync: true });
        session.actions.signOut();
      } catch (error) {
        setConfirming(false);
        setMessage(describeError(t, error).message);
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  return (
    <AccountShell title={t('freeze.title')}>
      <div className="td-notice td-notice-warning">
        <p>{t('freeze.explain')}</p>
        <FreezeEffects />
        <HelpLink article="security/freeze-account" />
      </div>
      <FormMessage text={message} />
      <button type="button" className="td-button td-button-danger" data-testid="freeze-open" onClick={() => setConfirming(true)}>
        {t('freeze.button')}
      </button>
      <Modal
        visible={confirming}
        title={t('freeze.confirmTitle')}
        onClose={() => setConfirming(false)}
        onConfirm={() => void freeze()}
        confirmText={submitting ? t('common.processing') : t('freeze.confirm')}
        confirmDisabled={submitting}
      >
        <p data-testid="freeze-confirm-text">{t('freeze.confirmText')}</p>
      </Modal>
    </AccountShell>
  );
}
