/**
 * The message centre's kinds (spec §2 route `message`: deposit credited, withdrawal paid or failed, OTC result,
 * security changes; spec §4 "Loan states": a loan's margin call and forced liquidation). A message is stored as its kind and a few plain parameters; the app renders the words
 * from its locale (locales/<lang>/messages.json `kinds.<kind>`), so nothing a message carries is ever HTML.
 * Plain values only, so the app may import it at run time (contract/bundle-boundary.test.ts).
 */
export const MESSAGE_KINDS = [
  'depositCredited',
  'withdrawalPaid',
  'withdrawalFailed',
  'otcFilled',
  'otcSettled',
  'otcRejected',
  'otcExpired',
  'loanMarginCall',
  'loanLiquidated',
  'newDeviceSignIn',
  'passwordChanged',
  'emailChanged',
  'phoneChanged',
  'gaChanged',
  'antiPhishingChanged',
  'kycApproved',
  'kycRejected',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Which group a kind belongs to (the list's filter and its icon colour). */
export const MESSAGE_GROUPS = ['wallet', 'otc', 'loan', 'security'] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];

export function messageGroup(kind: MessageKind): MessageGroup {
  if (kind.startsWith('deposit') || kind.startsWith('withdrawal')) return 'wallet';
  if (kind.startsWith('otc')) return 'otc';
  if (kind.startsWith('loan')) return 'loan';
  return 'security';
}

/** At most this many ids in one "mark read" call. */
export const MARK_READ_MAX = 100;

/** How often the header asks for the unread count while a page stays open (besides every navigation). */
export const UNREAD_POLL_MS = 60_000;
