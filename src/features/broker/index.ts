// The broker manager's shell (spec §2), loaded with the broker layout's lazy chunk, not at start-up: its own access
// check, the gate screens and the grouped menu, with the broker namespaces (./locale.ts). The page loaders are in
// ./pages.ts, which the app's page table imports.
import './broker.css';
import './locale.ts';

export { BrokerGateScreen } from './BrokerGate.tsx';
export { BrokerNav } from './BrokerNav.tsx';
export { useBrokerAccess } from './use-broker-access.ts';
export { BROKER_NAV_GROUPS } from './nav-groups.ts';
