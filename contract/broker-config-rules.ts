/**
 * Rules of the broker's withdrawal address book (whitelist) and notification e-mails (spec §7 broker
 * calls address/* and messageConfig/*), shared by the sandbox (server/broker/addresses.ts, message-config.ts) and
 * the app (src/features/broker/config). Plain values only, so the app may import them at run time
 * (contract/bundle-boundary.test.ts). The spec gives the calls' names and the address name rule (§5, §9: 4 to 20
 * characters); the fields follow the exchanges' own withdrawal-whitelist APIs: exchange, coin, network, address,
 * address tag (memo), a name, and whose address it is.
 */

/**
 * Whose address a whitelist entry is: the broker's own external wallet (`broker`), or the master account on the
 * exchange that holds the broker's sub-accounts (`master`), as listBrokerAndMasterAddressInfo groups them.
 */
export const BROKER_ADDRESS_TYPES = ['broker', 'master'] as const;
export type BrokerAddressType = (typeof BROKER_ADDRESS_TYPES)[number];

/**
 * An entry's state: `pending` until the e-mail code confirms it (submit → invoke → confirm), `whitelisted` once
 * confirmed, `removed` when taken off the whitelist (kept in the book; delete drops it).
 */
export const BROKER_ADDRESS_STATES = ['pending', 'whitelisted', 'removed'] as const;
export type BrokerAddressState = (typeof BROKER_ADDRESS_STATES)[number];

/** What a notification e-mail is sent for (spec §4 applications and their approvals, §9 the 3-month API key). */
export const MESSAGE_EVENTS = ['application', 'decision', 'apiKeyExpiry'] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/** A notification e-mail's state: `pending` until the e-mail code confirms it, then `active`. */
export const MESSAGE_CONFIG_STATES = ['pending', 'active'] as const;
export type MessageConfigState = (typeof MESSAGE_CONFIG_STATES)[number];

/** The sandbox's bounds per organisation (beyond them: 10432 / 10442). */
export const MAX_BROKER_ADDRESSES = 200;
export const MAX_MESSAGE_CONFIGS = 10;
/** A notification e-mail's remark (the spec's broker remark limit of §5 is 500; a label needs far less). */
export const MESSAGE_REMARK_MAX = 50;

/** The e-mail codes' business types (server/identity/codes.ts), one per flow. */
export const BROKER_ADDRESS_CODE_TYPE = 'brokerAddress';
export const BROKER_MESSAGE_CODE_TYPE = 'brokerMessageConfig';
