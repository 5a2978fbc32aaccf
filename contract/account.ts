import Type from 'typebox';
import { call, publicPost, userGet, userPost } from './call.ts';
import { KycStatus } from './kyc.ts';
import { ANTI_PHISHING_PATTERN, DEFAULT_PAGE_SIZE, DISABLED_REASONS, LANGUAGES, ORDER_GUARD_LIMITS, PAGE_SIZES } from './rules.ts';
import { ContactFields, IntegerEnum, IsoTime, Page, Strict, StringEnum } from './schema.ts';
import { StepUpFields } from './security.ts';

/**
 * The account's own calls (spec §7 "Authentication and security"): user info, user menu, login history, freeze
 * and preferences (`profileCalls`, server/identity/routes/account.ts), and the account-security calls of the
 * sandbox's design (server/README.md "Sessions"): the signed-in devices and the anti-phishing code
 * (`sessionCalls`, server/identity/routes/sessions.ts), and the freeze link of the stranger-failure mail
 * (`freezeLinkCalls`, server/identity/routes/account.ts). Sign-in and the code senders are contract/auth.ts, the
 * security centre's changes contract/security.ts.
 */

/** spec §4 withdrawal ban reasons 1–6: wrong password, wrong e-mail code, wrong Google code, password change, e-mail change, Google rebind. */
export const WithdrawBan = Type.Object({
  reason: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5), Type.Literal(6)]),
  createdAt: IsoTime,
  until: IsoTime,
});

/** spec §6: an operation allowed, or the reason it is not (contract/rules.ts `DISABLED_REASONS`). */
const Decision = Type.Object({ enabled: Type.Boolean(), reason: Type.Union([Type.Enum(DISABLED_REASONS), Type.Null()]) });

/** A menu entry (server/identity/menus.ts) with its permission; groups hold their entries in `children`. */
const MenuItem = Type.Cyclic(
  {
    MenuItem: Type.Object({
      code: Type.String(),
      path: Type.String(),
      enabled: Type.Boolean(),
      reason: Type.Union([Type.Enum(DISABLED_REASONS), Type.Null()]),
      children: Type.Array(Type.Ref('MenuItem')),
    }),
  },
  'MenuItem',
);

const LoginRecord = Type.Object({
  id: Type.Integer(),
  loginTime: IsoTime,
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  /** Browser and OS product names from the User-Agent (server/identity/device.ts), null when it names none; the app words them. */
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  /** The `source` header of the sign-in (web, h5, app). */
  source: Type.Union([Type.String(), Type.Null()]),
});

const Language = StringEnum(LANGUAGES);

/** The account's fat-finger guard (contract/rules.ts `DEFAULT_ORDER_GUARD`). */
export const OrderGuard = Type.Object({
  priceBandOn: Type.Boolean(),
  /** percent of the mark/last price, 0.1 to 100 */
  priceBandPct: Type.Number({ minimum: ORDER_GUARD_LIMITS.bandMinPct, maximum: ORDER_GUARD_LIMITS.bandMaxPct }),
  notionalOn: Type.Boolean(),
  /** whole USDT */
  maxNotional: Type.Integer({ minimum: ORDER_GUARD_LIMITS.notionalMin, maximum: ORDER_GUARD_LIMITS.notionalMax }),
});

export const profileCalls = {
  '/institution/getUserInfo': userGet(
    undefined,
    Type.Object({
      userId: Type.Integer(),
      userName: Type.String(),
      email: Type.String(),
      firstName: Type.String(),
      lastName: Type.String(),
      companyName: Type.String(),
      areaCode: Type.Union([Type.String(), Type.Null()]),
      phone: Type.Union([Type.String(), Type.Null()]),
      whatsapp: Type.Union([Type.String(), Type.Null()]),
      telegram: Type.Union([Type.String(), Type.Null()]),
      preferredLanguage: Type.String(),
      userType: Type.String(),
      /** spec §1: personal or institutional. */
      verificationType: Type.String(),
      gaBound: Type.Boolean(),
      emailBound: Type.Boolean(),
      phoneBound: Type.Boolean(),
      kyc: Type.Object({ basic: KycStatus, advanced: KycStatus }),
      frozen: Type.Boolean(),
      frozenAt: Type.Union([IsoTime, Type.Null()]),
      orderConfirmStatus: Type.Boolean(),
      orderGuard: OrderGuard,
      brokerOpen: Type.Boolean(),
      withdrawBans: Type.Array(WithdrawBan),
      createdAt: IsoTime,
      /** Heads every e-mail to the account's address (server/README.md "Sessions"); null when not set. */
      antiPhishingCode: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  /** spec §6: permissions come from the user menu loaded after login; the same decisions flat in `permissions`. */
  '/menu/getUserMenu': userGet(
    undefined,
    Type.Object({
      menus: Type.Array(MenuItem),
      permissions: Type.Record(Type.String(), Decision),
      withdrawBans: Type.Array(WithdrawBan),
    }),
  ),
  /** spec §2 account/hitory, newest first; spec §9 page size 10 by default, 10, 20, 50 or 100. */
  '/institution/loginInfoList': userGet(
    Strict({
      pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
      pageSize: Type.Optional(IntegerEnum(PAGE_SIZES, { default: DEFAULT_PAGE_SIZE })),
    }),
    Page(LoginRecord),
  ),
  /** spec §4: a freeze disables withdrawals and exchange and signs the user out everywhere; frozen already → 10011. */
  '/institution/frozenLatestAccount': userPost(undefined, Type.Object({ frozen: Type.Literal(true) })),
  '/institution/updateOrderConfirmStatus': userPost(Strict({ orderConfirmStatus: Type.Boolean() }), Type.Object({ orderConfirmStatus: Type.Boolean() })),
  '/institution/updateOrderGuard': userPost(Strict(OrderGuard.properties), OrderGuard),
  '/institution/updatePreferredLanguage': userPost(Strict({ preferredLanguage: Language }), Type.Object({ preferredLanguage: Language })),
  /**
   * Opening broker rights accepts the broker agreement the app shows: the version accepted is recorded with the time
   * (a version other than the current one is refused). A call without one (the sandbox's own tests' shortcut to an
   * open broker) records no version.
   */
  '/institution/agree/broker/open': userPost(
    Strict({ agreementVersion: Type.Optional(Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z.-]+$' })) }),
    Type.Object({ brokerOpen: Type.Literal(true), agreementVersion: Type.Union([Type.String(), Type.Null()]), agreedAt: Type.String() }),
  ),
  '/broker/business/cooperation/add': userPost(Strict(ContactFields), Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]) })),
};

const Session = Type.Object({
  id: Type.Integer(),
  createdAt: IsoTime,
  lastSeenAt: IsoTime,
  expiresAt: IsoTime,
  ip: Type.Union([Type.String(), Type.Null()]),
  /** Browser and OS from the User-Agent ('Chrome on Windows', 'Unknown device'). */
  device: Type.String(),
  /** The same as fields (LoginRecord), for the app to word in its language. */
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  current: Type.Boolean(),
});

export const sessionCalls = {
  '/institution/session/list': userGet(undefined, Type.Object({ list: Type.Array(Session) })),
  '/institution/session/revoke': call({
    method: 'POST',
    auth: 'user',
    // Revoking the caller's own session is allowed: it is a sign-out.
    body: Strict({ sessionId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
    reply: Type.Object({ sessionId: Type.Integer(), current: Type.Boolean() }),
  }),
  '/institution/antiPhishing/set': userPost(
    Strict({
      code: Type.String({ minLength: 4, maxLength: 20, pattern: ANTI_PHISHING_PATTERN.source }),
      ...StepUpFields,
    }),
    Type.Object({ antiPhishingCode: Type.String() }),
  ),
};

/**
 * The link of the mail that tells the owner of a stranger's failed attempts (server/README.md "Lockouts"): no
 * token; the link's token (43 characters of base64url) freezes the account as `frozenLatestAccount` does, once.
 * Unknown, used or expired → 10004.
 */
export const freezeLinkCalls = {
  '/institution/frozenAccountByLink': publicPost(
    Strict({ token: Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' }) }),
    Type.Object({ frozen: Type.Literal(true) }),
  ),
};

export const accountCalls = { ...profileCalls, ...sessionCalls, ...freezeLinkCalls };

export type AccountCalls = typeof accountCalls;
