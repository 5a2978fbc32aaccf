import { CooperationApplication } from './CooperationForm.tsx';
import { MarketingShell, Points, Steps } from './MarketingShell.tsx';

/** spec §2 brokers (public): what the broker programme offers, how to join, and the cooperation application. */
export default function BrokersPage() {
  return (
    <MarketingShell page="brokers">
      <Points page="brokers" keys={['subAccounts', 'exchanges', 'api', 'funds', 'billing', 'portal']} />
      <Steps page="brokers" count={4} />
      <CooperationApplication />
    </MarketingShell>
  );
}
