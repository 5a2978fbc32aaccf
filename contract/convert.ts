import Type from 'typebox';
import { publicPost, userPost } from './call.ts';
import { Amount, Asset, IsoTime, Page, PageCondition, RangeDaysUnion, RecordSort, RequestId, Strict } from './schema.ts';

/**
 * Instant convert (spec §1 "Instant conversion: coin and fiat, by quote, at zero fee", §3 "Convert assets",
 * §6, §7 "Convert and OTC (institution)"). The spec names the calls; bodies and replies are the sandbox's
 * design (server/README.md "Convert").
 *
 * A firm quote (`/institution/quote`) is priced from the simulator's spot books, walked for the size, less
 * the provider's spread (the fee is zero, the provider earns the spread), and lives `CONVERT_QUOTE_TTL_MS`
 * on the server's clock. `/institution/order` fills it once, at exactly its amounts, on the ledger.
 */

export { CONVERT_DIGITAL, CONVERT_FIAT, CONVERT_QUOTE_TTL_MS, convertKind, type ConvertAssetName, type ConvertKind } from './convert-rules.ts';

const Kind = Type.Union([Type.Literal('coin'), Type.Literal('fiat')]);
const AssetType = Type.Union([Type.Literal('digital'), Type.Literal('fiat')]);

const ConvertAsset = Type.Object({
  asset: Type.String(),
  type: AssetType,
  /** Decimals an amount of this asset may carry in a convert. */
  decimals: Type.Integer(),
  /** spec §5 "The exchange has a minimum sell or purchase amount": per order, in this asset. */
  minAmount: Amount,
  maxAmount: Amount,
});

const Pair = Type.Object({ fromAsset: Type.String(), toAsset: Type.String() });

/** Quote either side's amount: exactly one of fromAmount and toAmount (the handler says which is missing). Convert and OTC. */
export const QuoteBody = Strict({
  fromAsset: Asset,
  toAsset: Asset,
  fromAmount: Type.Optional(Amount),
  toAmount: Type.Optional(Amount),
});

/** What is exchanged for what, and at which price: a quote's and its order's alike. */
const FillFields = {
  fromAsset: Type.String(),
  toAsset: Type.String(),
  fromAmount: Amount,
  toAmount: Amount,
  /** toAsset per one fromAsset, after the spread. */
  price: Amount,
  /** fromAsset per one toAsset. */
  inversePrice: Amount,
};

/** What a quote says, convert's and OTC's alike (contract/otc.ts adds the USD value). */
export const QuoteFields = {
  ...FillFields,
  /** The price the books give for this size, before the spread (toAsset per one fromAsset). */
  marketPrice: Amount,
  /** The provider's spread as a fraction ("0.001" is 0.1 %); the fee is zero (spec §9). */
  spread: Amount,
  /** Which amount the user fixed; the other is what the quote computed. */
  fixed: Type.Union([Type.Literal('from'), Type.Literal('to')]),
  /** The server's clock when the quote was made, so the client counts down on the server's time. */
  serverTime: IsoTime,
};

export const IndicativeQuote = Type.Object({ ...QuoteFields, kind: Kind });
export const FirmQuote = Type.Object({ ...QuoteFields, kind: Kind, quoteId: Type.String(), expiresAt: IsoTime });

export const ConvertOrder = Type.Object({
  orderId: Type.String(),
  quoteId: Type.String(),
  kind: Kind,
  ...FillFields,
  spread: Amount,
  /** A convert fills whole or not at all: every order recorded is filled. */
  status: Type.Literal('success'),
  createdAt: IsoTime,
});

const Balance = Type.Object({ asset: Type.String(), available: Amount });

export const convertCalls = {
  '/institution/listExchangeAssetByType': publicPost(Strict({ type: AssetType }), Type.Array(ConvertAsset)),
  '/institution/listAllConvertAsset': userPost(undefined, Type.Object({ digitalAssets: Type.Array(ConvertAsset), fiatAssets: Type.Array(ConvertAsset) })),
  /** The capital account's available balance of each convert asset of one type (spec §3 account type 1). */
  '/institution/listConvertAssetBalanceByType': userPost(Strict({ type: AssetType }), Type.Array(Balance)),
  /** Every convert asset's available balance with its USD value at the desk's price. */
  '/institution/listUserAvailableMoney': userPost(
    undefined,
    Type.Object({ list: Type.Array(Type.Object({ asset: Type.String(), available: Amount, usdValue: Amount })), totalUsd: Amount }),
  ),
  '/institution/queryUserAvailableCapital': userPost(Strict({ asset: Asset }), Balance),
  /** Per-order minimum and maximum of each asset as the from side (public). */
  '/institution/listRiskConfig': publicPost(undefined, Type.Array(Type.Object({ asset: Type.String(), minAmount: Amount, maxAmount: Amount }))),
  /** The user's organisation's daily convert limit in USD, what today's orders used, and when it resets (00:00 HKT). */
  '/institution/listUserOrganizationRiskConfig': userPost(
    undefined,
    Type.Object({ dailyLimitUsd: Amount, usedTodayUsd: Amount, remainingUsd: Amount, resetsAt: IsoTime }),
  ),
  '/institution/block/listDisabledPair': userPost(undefined, Type.Array(Pair)),
  '/institution/block/listDisabledPairNotLogin': publicPost(undefined, Type.Array(Pair)),
  /** An indicative quote without a token (the public convert pages): the same price, no quoteId, not binding. */
  '/institution/getQuote': publicPost(QuoteBody, IndicativeQuote),
  /** A firm quote: binding for CONVERT_QUOTE_TTL_MS. */
  '/institution/quote': userPost(QuoteBody, FirmQuote),
  /** Fill a firm quote once; a retry with the same requestId returns the first order. */
  '/institution/order': userPost(Strict({ quoteId: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }), requestId: RequestId }), ConvertOrder),
  '/institution/pageSwapOrderRecord': userPost(
    Strict({
      pageCondition: PageCondition,
      sort: Type.Optional(RecordSort),
      queryCondition: Type.Optional(
        Strict({
          /** The tab: coin or fiat converts. */
          type: Type.Optional(Kind),
          fromAsset: Type.Optional(Asset),
          toAsset: Type.Optional(Asset),
          days: Type.Optional(RangeDaysUnion),
          startTime: Type.Optional(IsoTime),
          endTime: Type.Optional(IsoTime),
        }),
      ),
    }),
    Page(ConvertOrder),
  ),
};

export type ConvertCalls = typeof convertCalls;

/** Sandbox control (server/README.md "Developer controls"): operations switch a pair off or on. */
export const convertDevCalls = {
  '/_dev/convert/disabledPair': publicPost(Strict({ fromAsset: Asset, toAsset: Asset, disabled: Type.Boolean() }), Type.Array(Pair)),
};
