import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrokerReady } from './use-broker-ready.ts';

/** Renders its page once the user's broker rights are known to be open; a short notice until then or without them. */
export function BrokerOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('broker-config');
  const ready = useBrokerReady();
  if (ready === 'yes') return <>{children}</>;
  return (
    <p className="td-broker-config-note" role="status" data-testid="broker-config-waiting">
      {ready === 'checking' ? t('common.checking') : t('common.noRights')}
    </p>
  );
}
