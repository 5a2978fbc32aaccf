/**
 * The texts an applications list (ApplicationList.tsx) and its decision panel (DecisionPanel.tsx) read in their
 * page's namespace, under the page's prefix (`transfer.…` in broker-money, `applications.…` in broker-profit),
 * besides `states.*` and `types.*`; the namespaces' locale tests check that each is there.
 */
export const APPLICATION_KEYS = [
  'columns.createdAt',
  'columns.type',
  'columns.amount',
  'columns.applicant',
  'columns.status',
  'columns.actions',
  'decidedBy',
  'reason',
  'decideNamed',
  'decide',
  'decisionTitle',
  'approved',
  'rejected',
] as const;
export type ApplicationKey = (typeof APPLICATION_KEYS)[number];
