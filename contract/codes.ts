/**
 * The reply codes of the provider API (spec §8), one list for the sandbox (server/) and the app (src/).
 *
 * Every body is `{ code, msg, data }`. The HTTP status follows the kind of failure:
 * - 200 for success and for business refusals (wrong code, lockout, state conflicts): the spec's client
 *   reads `code` from the envelope and shows `msg` (spec §8 "Other non-200 codes").
 * - 400 bad input, 401 no or dead token, 403 refused (cross-origin, permissions), 404 unknown route,
 *   413 too large, 415 unsupported body type, 421 wrong host, 429 too many connections: the envelope
 *   carries the same code as the status.
 * A server fault is the only 500.
 *
 * This module holds plain values only (no schema library), so the app may import it at run time.
 */
export const Code = {
  success: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooLarge: 413,
  unsupportedMediaType: 415,
  serverError: 500,
  // Business codes (HTTP 200).
  loginFailed: 10001,
  locked: 10002,
  codeWrong: 10003,
  codeExpired: 10004,
  repeatRequest: 10005,
  gaWrong: 10006,
  gaState: 10007,
  emailTaken: 10008,
  phoneTaken: 10009,
  kycState: 10010,
  frozen: 10011,
  oldPasswordWrong: 10012,
  phoneBound: 10013,
  // Step-up re-authentication and authenticator reset (10030–10039).
  stepUpPasswordWrong: 10030,
  gaResetNotBound: 10031,
  gaResetPending: 10032,
  gaResetNone: 10033,
  // Sign-in captcha and code-send limits (10040–10049).
  captchaRequired: 10040,
  sendLimited: 10041,
  // Sessions and the anti-phishing code (10050–10059).
  sessionNotFound: 10050,
  // Uploads (10060–10069).
  uploadQuota: 10060,
  // Trading (10101–10199, server/trade).
  insufficientBalance: 10101,
  spotForbidden: 10102,
  orderState: 10103,
  modeState: 10104,
  positionState: 10105,
  noLiquidity: 10106,
  /** A post-only order that would take liquidity at once (Binance -5022: it could not be placed as maker). */
  postOnlyWouldCross: 10107,
  // Wallet (10200–10249).
  /** spec §6: operations switched the feature off (wallet, recharge, withdrawal, fiat withdrawal); data.feature. */
  serviceSuspended: 10200,
  /** spec §4 withdrawal bans 1–6 and §8 restriction messages; data.bans with reason and until. */
  withdrawRestricted: 10201,
  /** spec §5, §8 whitelist error: with the whitelist on, only whitelisted addresses. */
  whitelistOnly: 10202,
  /** A newly saved address is locked for 24 hours; data.unlockAt. */
  addressLocked: 10203,
  /** spec §5: the amount must exceed the network fee; data.fee. */
  amountBelowFee: 10204,
  /** spec §5: under the minimum or above the maximum; data.min, data.max. */
  amountOutOfRange: 10205,
  /** spec §8 'Bank Code Not Found'. */
  bankCodeNotFound: 10206,
  /** Above what the rolling 24 hours' withdrawal limit of the asset leaves (coin and fiat); data.dailyLimit, used, remaining. */
  withdrawDailyLimit: 10207,
  /** The withdrawal or deposit is not in a state that allows the step (confirmed, expired, another's). */
  walletState: 10208,
  /** The same client request id was sent with different content. */
  requestIdReused: 10209,
  /** The address (or bank account) is already in the book under this network. */
  addressExists: 10210,
  /** For 24 hours after the whitelist is switched off, only whitelisted addresses; data.endsAt. */
  whitelistCoolingOff: 10211,
  // Convert and OTC (10250–10299).
  /** The firm quote's time ran out; nothing moved. data.expiredAt. */
  quoteExpired: 10250,
  /** The quote was already filled (or is not this user's). */
  quoteUsed: 10251,
  /** Operations switched this pair off (block/listDisabledPair). */
  pairDisabled: 10252,
  /** spec §8 'Quote limit exceeded: contact the operations manager': above the daily limit. data.remainingUsd. */
  quoteLimitExceeded: 10253,
  /** The books cannot fill this size at a price the desk would quote. */
  quoteUnavailable: 10254,
  /** spec §9: the OTC desk quotes Mon–Fri 00:00–17:00 UTC; data.nextOpenAt. */
  otcClosed: 10255,
  /** spec §9: OTC from about 200,000 USD equivalent; data.minUsd, data.usdValue. */
  otcBelowMinimum: 10256,
  /** The OTC order is not in a state that allows this (cancel a filled one, decide a closed one). */
  otcOrderState: 10257,
  // Loans (10300–10349).
  /** The loan is not in a state that allows this (ended, liquidated, being liquidated); data.status. */
  loanState: 10300,
  /** The LTV after the borrow or collateral removal would be above the initial level; data.ltv, data.initialLtv. */
  loanLtvTooHigh: 10301,
  // Electricity payment (10350–10359).
  /** The bill is already paid (data.billId). */
  billPaid: 10350,
  // Broker portal (10400–10499, server/broker/README.md): 10400–10429 sub-accounts and API keys; 10430–10449 address
  // book and notification e-mails; 10450–10499 transfers, withdrawals and approvals.
  /** The organisation already has a sub-account of this name on this exchange. */
  brokerAccountNameTaken: 10400,
  /** account/checkIsExistMasterApi is false for this exchange: no sub-account can be added there. */
  noMasterApi: 10401,
  /** The organisation holds the most sub-accounts this exchange allows; data.max. */
  brokerAccountLimit: 10402,
  /** The named account manager cannot join: data.reason notRegistered, noBrokerRights, alreadyMember, notInvited. */
  managerNotEligible: 10403,
  /** The sub-account holds the most API keys its exchange allows; data.max. */
  brokerKeyLimit: 10404,
  /** The exchange does not open this sub-account kind (subAccount/type/queryUserConfig); data.subAccountTypes. */
  brokerKindNotOffered: 10405,
  /** The address (exchange, asset, network, address, memo) is already in the organisation's book. */
  brokerAddressExists: 10430,
  /** The entry's state does not allow the step (confirm a whitelisted one, remove a pending one); data.status. */
  brokerAddressState: 10431,
  /** The organisation's book holds the most entries it may (contract/broker-config-rules.ts); data.max. */
  brokerAddressLimit: 10432,
  /** The e-mail already receives the organisation's notifications. */
  messageEmailExists: 10440,
  /** The notification e-mail's state does not allow the step (confirm an active one); data.status. */
  messageConfigState: 10441,
  /** The organisation has the most notification e-mails it may; data.max. */
  messageConfigLimit: 10442,
  /** The application's state does not allow the step (approve a rejected one, reject a done one); data.status. */
  brokerApplicationState: 10450,
  /** spec §4 maker-checker: the applicant cannot approve or reject their own application. */
  brokerSelfApproval: 10451,
  /** A transfer goes only between sub-accounts on the same exchange (or wallets of one); data.exchangeCode. */
  brokerTransferCrossExchange: 10452,
  /** A withdrawal goes only to a whitelisted address of the sub-account's exchange, asset and network (spec §5). */
  brokerAddressNotWhitelisted: 10453,
  /** The withdrawal amount is below the minimum, above the maximum or not above the fee; data.min, max, fee. */
  brokerWithdrawAmount: 10454,
  // Broker projects core (10455–10469, server/broker/README.md "Projects").
  /** The project's state does not allow the step (an increase of a completed project); data.status. */
  projectState: 10455,
  /** The capital increase is below the project's minimum subscription; data.min. */
  belowMinSubscription: 10456,
  /** The investor holds fewer units than the decrease asks; data.units (held). */
  insufficientUnits: 10457,
  /** The project's primary account's free USDT does not cover the redemption; data.available. */
  insufficientProjectCash: 10458,
  /** Money moves out of (or into) a project's sub-account only through the project's own calls; data.projectNo. */
  projectAccountLocked: 10459,
  /** The sub-account cannot be linked to the project; data.reason otherExchange, inProject, notEmpty. */
  relationRefused: 10460,
  /** The organisation already has an investor with this e-mail; data.investorId. */
  investorExists: 10461,
  /** A linked sub-account that still holds something cannot be unlinked; data.valueUsdt. */
  relationNotEmpty: 10462,
  /** The organisation has the most investors, or the project the most linked sub-accounts; data.max. */
  projectLimit: 10463,
  // 10470–10479: interest settlement and settle bills (contract/broker-interest.ts).
  /** Nothing of the project's interest is pending payment up to the day asked; data.untilDay. */
  brokerInterestNothingPending: 10470,
  /** The settle bill's state does not allow the step (review a paid bill, pay one not re-reviewed); data.status. */
  brokerBillState: 10471,
  /** The pending interest changed since the preview (another settlement, a new day's accrual): preview again; data.total. */
  brokerSettleChanged: 10472,
  /** spec §4 maker-checker: the initial review is not the applicant's, the re-review not the initial reviewer's; data.reason. */
  brokerBillSelfReview: 10473,
  // Profit of the projects (10480–10489, contract/broker-profit.ts).
  /** The amount exceeds the profit available (accrued, not withdrawn, not held, and free on the primary account); data.available. */
  brokerProfitUnavailable: 10480,
  /** Profit goes only to a sub-account of the project's exchange that belongs to no project (and own money comes from one); data.field. */
  brokerProfitDestination: 10481,
  /** An allocation's legs do not add up: amounts to the total, percentages to 100; data.rule, data.index. */
  brokerProfitSplit: 10482,
  // Broker maker-checker controls (10490–10499, server/broker/README.md "Maker-checker controls").
  /** spec §4, §6: a checker needs advanced KYC certified and a bound authenticator; data.reason kycAdvanced / authenticator. */
  brokerCheckerIneligible: 10490,
  /** The key's secret is not the caller's to take (yet): data.reason notMaker, pending, rejected, claimed. */
  brokerSecretUnavailable: 10491,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** spec §8 table, and the business messages of this sandbox. Clients translate by `code`. */
export const messages: Record<Code, string> = {
  200: 'success',
  400: 'Bad request',
  401: 'Authentication failed, cannot access system resource',
  403: 'No permission for this operation',
  404: 'Resource does not exist',
  413: 'Image is too large, please re-upload',
  415: 'Unsupported content type',
  500: 'Unknown system error, report to the administrator',
  10001: 'verification failed, please log in again',
  10002: 'Too many failed attempts, the operation is locked',
  10003: 'Verification code is incorrect',
  10004: 'Verification code has expired, please get a new one',
  10005: 'Data is being processed, please click only once',
  10006: 'Google verification code is incorrect',
  10007: 'Google authenticator state does not allow this operation',
  10008: 'This e-mail is already registered',
  10009: 'This phone number is already in use',
  10010: 'KYC state does not allow this operation',
  10011: 'The account is frozen',
  10012: 'Old password is incorrect',
  10013: 'A phone number is already bound, update it instead',
  10030: 'Account password is incorrect',
  10031: 'No Google authenticator is bound to this account',
  10032: 'A Google authenticator reset request is already under review',
  10033: 'No Google authenticator reset request is under review',
  10040: 'Please enter the image verification code',
  10041: 'Too many verification codes requested, please try again later',
  10050: 'Session not found',
  10060: 'Upload quota reached',
  10101: 'Insufficient Balance',
  10102: 'Spot trading is forbidden for this account',
  10103: 'The order is not open',
  10104: 'Close the positions and cancel the open orders of this pair first',
  10105: 'No position to reduce',
  10106: 'No liquidity for this market order',
  10107: 'The post-only order would execute at once as taker and was refused',
  10200: 'Service suspended, please contact the provider',
  10201: 'Withdrawals are restricted',
  10202: 'Withdrawals go only to whitelisted addresses',
  10203: 'This address can be used after its 24-hour lock',
  10204: 'The amount must exceed the network fee',
  10205: 'The amount is outside the allowed range',
  10206: 'Bank Code Not Found',
  10207: 'The amount is above what may still be withdrawn in 24 hours',
  10208: 'This record does not allow the operation',
  10209: 'This request id was already used for a different request',
  10210: 'This address is already saved',
  10211: 'The whitelist was switched off less than 24 hours ago: withdraw only to a whitelisted address until then',
  10250: 'The quote has expired, please get a new quote',
  10251: 'This quote has already been used',
  10252: 'This pair is suspended',
  10253: 'Quote limit exceeded: contact the operations manager',
  10254: 'No quote is available for this amount',
  10255: 'The OTC desk is closed, it quotes Monday to Friday 00:00–17:00 UTC',
  10256: 'OTC trades start from 200,000 USD equivalent',
  10257: 'This OTC order does not allow the operation',
  10300: 'This loan does not allow the operation',
  10301: 'The loan-to-value ratio would be above the allowed level',
  10350: 'This bill is already paid',
  10400: 'A sub-account with this name already exists on this exchange',
  10401: 'No master account API is configured for this exchange',
  10402: 'The sub-account limit of this exchange is reached',
  10403: 'This user cannot be added as an account manager',
  10404: 'This sub-account has the most API keys allowed',
  10405: 'This exchange does not offer this sub-account type',
  10430: 'This address is already in the address book',
  10431: 'This address does not allow the operation',
  10432: 'The address book is full',
  10440: 'This e-mail already receives notifications',
  10441: 'This notification e-mail does not allow the operation',
  10442: 'No more notification e-mails can be added',
  10450: 'This application does not allow the operation',
  10451: 'An application must be approved by another member of the organisation',
  10452: 'Transfers go only between sub-accounts on the same exchange',
  10453: 'Withdrawals go only to whitelisted addresses',
  10454: 'The amount is outside the allowed range',
  10455: 'This project does not allow the operation',
  10456: 'The amount is below the minimum subscription',
  10457: 'The investor does not hold enough units',
  10458: 'The project account does not have enough available funds',
  10459: 'Money moves in and out of a project account only through the project',
  10460: 'This sub-account cannot be linked to the project',
  10461: 'This investor already exists',
  10462: 'The sub-account still holds assets and cannot be unlinked',
  10463: 'The limit is reached',
  10470: 'No interest is pending payment up to this day',
  10471: 'This settle bill does not allow the operation',
  10472: 'The pending interest has changed; preview the settlement again',
  10473: 'A settle bill must be reviewed by another member of the organisation',
  10480: 'The amount exceeds the profit available',
  10481: 'This sub-account cannot take part in the project\'s profit',
  10482: 'The allocation does not add up to the total',
  10490: 'Approving needs advanced KYC and a bound Google authenticator',
  10491: 'The API key secret is not available',
};

/** Codes that travel with the same HTTP status; every other code is HTTP 200. */
export const protocolCodes: ReadonlySet<number> = new Set<number>([400, 401, 403, 404, 413, 415, 500]);
