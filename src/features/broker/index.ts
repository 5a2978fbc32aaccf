// Entry of the broker feature (the broker manager, spec §2): the shell the broker layout renders — its own
// access check, the gate screens and the grouped menu — loaded at start-up with the layout, and its pages,
// each a lazily loaded chunk.
import './broker.css';

export { BrokerGateScreen } from './BrokerGate.tsx';
export { BrokerNav } from './BrokerNav.tsx';
export { useBrokerAccess } from './use-broker-access.ts';
export { BROKER_NAV_GROUPS } from './nav-groups.ts';

export const brokerPages = {
  brokerAccount: () => import('./AccountPage.tsx'),
  brokerAccountDetail: () => import('./AccountDetailPage.tsx'),
  brokerTotal: () => import('./TotalPage.tsx'),
  brokerApiManagement: () => import('./ApiManagementPage.tsx'),
  brokerApi: () => import('./ApiApplyPage.tsx'),
};
