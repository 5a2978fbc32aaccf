import Type from 'typebox';
import { publicPost, userPost } from './call.ts';
import { Amount, Asset, ContactFields, Id, IsoTime, Page, PageCondition, RangeDaysUnion, RequestId, Strict } from './schema.ts';
import { QuoteBody, QuoteFields } from './convert.ts';
import { walletCalls } from './wallet.ts';

/**
 * OTC block trading (spec §1 "OTC: instant-quote mode or delegated (assisted) order mode, for trades of about
 * 200,000 USD equivalent or more", §6 "OTC needs advanced KYC", §7 "Block trade and OTC", §9 "OTC: quotes from
 * about 200,000 USD equivalent; Mon-Fri 00:00-17:00 UTC; result within 30 min; settlement T+1"). The spec names
 * the calls; bodies and replies are the sandbox's design (server/README.md "OTC").
 *
 * Instant-quote mode: a firm quote (`block/quote`, priced like convert from the simulator's books with the
 * desk's OTC spread) → accept (`block/order`) → the from side is held → settled T+1 (the next weekday, same
 * time of day) on the sandbox clock. Delegated mode: `block/addLimitOrder` holds the from side; the desk fills
 * it when the books reach the limit price (or operations fill or reject it); it settles T+1 from the fill.
 */

export { OTC_ASSETS, OTC_MODES, OTC_STATUSES, OTC_TERMS, type OtcAssetName, type OtcModeName, type OtcStatusName } from './otc-rules.ts';

const Mode = Type.Union([Type.Literal('quote'), Type.Literal('limit')]);
export const OtcStatus = Type.Union([
  /** A delegated order waiting for its price. */
  Type.Literal('open'),
  /** Filled (accepted quote or delegated order reached): held until settlement. */
  Type.Literal('pendingSettlement'),
  Type.Literal('settled'),
  Type.Literal('cancelled'),
  Type.Literal('rejected'),
  Type.Literal('expired'),
]);

const OtcQuoteFields = {
  ...QuoteFields,
  /** The from side in USD at the books' price (the 200,000 USD minimum's measure). */
  usdValue: Amount,
};

export const OtcQuote = Type.Object({ ...OtcQuoteFields, quoteId: Type.String(), expiresAt: IsoTime });

export const OtcOrder = Type.Object({
  orderId: Type.String(),
  mode: Mode,
  fromAsset: Type.String(),
  toAsset: Type.String(),
  fromAmount: Amount,
  toAmount: Amount,
  /** toAsset per fromAsset: the quote's price, or the delegated order's limit. */
  price: Amount,
  usdValue: Amount,
  status: OtcStatus,
  quoteId: Type.Union([Type.String(), Type.Null()]),
  /** A delegated order's own expiry (null for an accepted quote). */
  expiresAt: Type.Union([IsoTime, Type.Null()]),
  /** The timeline the desk's promises are read against (spec §9: result within 30 minutes, settlement T+1). */
  timeline: Type.Object({
    requestedAt: IsoTime,
    quotedAt: Type.Union([IsoTime, Type.Null()]),
    acceptedAt: Type.Union([IsoTime, Type.Null()]),
    settledAt: Type.Union([IsoTime, Type.Null()]),
    /** requestedAt + 30 minutes. */
    resultBy: IsoTime,
    /** T+1 from acceptance (the next weekday); null until accepted. */
    settlesAt: Type.Union([IsoTime, Type.Null()]),
    /** When it was cancelled, rejected or expired. */
    closedAt: Type.Union([IsoTime, Type.Null()]),
  }),
});

const Hours = Type.Object({
  days: Type.Array(Type.Integer()),
  openUtcHour: Type.Integer(),
  closeUtcHour: Type.Integer(),
  /** Whether the desk is open at serverTime, and when it next opens or closes. */
  open: Type.Boolean(),
  nextOpenAt: IsoTime,
  nextCloseAt: IsoTime,
  serverTime: IsoTime,
});

const AssetRow = Type.Object({ asset: Type.String(), type: Type.Union([Type.Literal('digital'), Type.Literal('fiat')]), decimals: Type.Integer() });

export const otcCalls = {
  '/institution/block/listBlockTradeConfigure': publicPost(
    undefined,
    Type.Object({
      minUsd: Amount,
      resultMinutes: Type.Integer(),
      settlementDays: Type.Integer(),
      quoteTtlMs: Type.Integer(),
      spread: Amount,
      hours: Hours,
    }),
  ),
  /** The user's own terms: the minimum, and the largest order the desk quotes them without the operations manager. */
  '/institution/block/listUserBlockTradeConfigure': userPost(undefined, Type.Object({ minUsd: Amount, quoteLimitUsd: Amount })),
  '/institution/block/listBlockAsset': publicPost(undefined, Type.Array(AssetRow)),
  /** The OTC assets with the networks a coin is deposited and withdrawn on (otcinfo recharge and withdraw pages). */
  '/institution/block/listAsset': userPost(undefined, Type.Array(Type.Object({ ...AssetRow.properties, networks: Type.Array(Type.String()) }))),
  /** OTC balances: what is free in the capital account and what OTC orders hold until settlement. */
  '/institution/block/listBlockAssetBalance': userPost(undefined, Type.Array(Type.Object({ asset: Type.String(), available: Amount, held: Amount, usdValue: Amount }))),
  '/institution/block/listUserAvailableMoney': userPost(
    undefined,
    Type.Object({ list: Type.Array(Type.Object({ asset: Type.String(), available: Amount, usdValue: Amount })), totalUsd: Amount }),
  ),
  '/institution/block/getQuote': publicPost(QuoteBody, Type.Object(OtcQuoteFields)),
  '/institution/block/quote': userPost(QuoteBody, OtcQuote),
  '/institution/block/order': userPost(Strict({ quoteId: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }), requestId: RequestId }), OtcOrder),
  '/institution/block/addLimitOrder': userPost(
    Strict({
      fromAsset: Asset,
      toAsset: Asset,
      fromAmount: Amount,
      /** toAsset per one fromAsset; the desk fills when the books give at least this. */
      limitPrice: Amount,
      /** In the future, at most 30 days ahead. */
      expiresAt: IsoTime,
      requestId: RequestId,
    }),
    OtcOrder,
  ),
  '/institution/block/cancelLimitOrder': userPost(Strict({ orderId: Id }), OtcOrder),
  '/institution/block/pageBlockOrderRecord': userPost(
    Strict({
      pageCondition: PageCondition,
      queryCondition: Type.Optional(
        Strict({
          mode: Type.Optional(Mode),
          status: Type.Optional(OtcStatus),
          days: Type.Optional(RangeDaysUnion),
          startTime: Type.Optional(IsoTime),
          endTime: Type.Optional(IsoTime),
        }),
      ),
    }),
    Page(OtcOrder),
  ),
};

/** The OTC deposit address (spec §7 `/block/trade/getAddress`): the user's own address of the wallet, as `getDepositAddress` gives it. */
const depositAddress = walletCalls['/account/wallet/getDepositAddress'];
export const otcAddressCalls = {
  '/block/trade/getAddress': userPost(depositAddress.body, depositAddress.reply),
};

/**
 * otc/form/unlogin (spec §2, a public route): an enquiry to the OTC desk from someone without an account. The desk
 * answers by e-mail; the reply says by when the desk will have read it (30 minutes into its next open session).
 * Limited per source address (ApiOptions limits `otcEnquiry`).
 */
export const otcEnquiryCalls = {
  '/institution/block/enquiry': publicPost(
    Strict({
      ...ContactFields,
      fromAsset: Asset,
      toAsset: Asset,
      /** In the from asset. */
      fromAmount: Amount,
    }),
    Type.Object({ enquiryId: Type.String(), resultBy: IsoTime }),
  ),
};

/** Sandbox controls: the desk's operations fill or reject a delegated order; settle what is due now. */
export const otcDevCalls = {
  '/_dev/otc/limit/decide': publicPost(Strict({ orderId: Id, fill: Type.Boolean() }), Type.Object({ orderId: Type.String(), status: Type.String() })),
};

export type OtcCalls = typeof otcCalls;
export type OtcAddressCalls = typeof otcAddressCalls;
