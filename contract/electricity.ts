import Type from 'typebox';
import { publicPost, userPost } from './call.ts';
import { Amount, Id, IsoTime, Page, PageCondition, RequestId, Strict, StringEnum } from './schema.ts';
import { BILL_CURRENCIES, BILL_PAY_ASSETS, BILL_STATUSES } from './electricity-rules.ts';

/**
 * Electricity payment for miners (spec §1 "Electricity payment for miners", §2 screen "electricity-pay").
 * The spec shows no calls: paths, bodies and replies are the sandbox's design (server/README.md
 * "Electricity payment"). A bill is paid from a digital asset of the capital account at a firm quote of the
 * convert desk's engine (the simulator's books, less the coin spread), on the ledger, once.
 */

export { BILL_CURRENCIES, BILL_PAY_ASSETS, BILL_QUOTE_TTL_MS, BILL_STATUSES, type BillCurrency, type BillPayAsset, type BillStatus } from './electricity-rules.ts';

export const Bill = Type.Object({
  billId: Id,
  site: Type.String(),
  periodStart: Type.String({ format: 'date' }),
  periodEnd: Type.String({ format: 'date' }),
  kwh: Amount,
  /** Per kWh, in the bill's currency. */
  rate: Amount,
  amount: Amount,
  currency: StringEnum([...BILL_CURRENCIES]),
  dueAt: IsoTime,
  status: StringEnum([...BILL_STATUSES]),
  /** Once paid: what it was paid with, and the receipt's number. */
  payment: Type.Union([
    Type.Object({
      receiptNo: Type.String(),
      payAsset: Type.String(),
      payAmount: Amount,
      /** Bill currency per one pay asset. */
      price: Amount,
      paidAt: IsoTime,
    }),
    Type.Null(),
  ]),
  createdAt: IsoTime,
});

export const BillQuote = Type.Object({
  quoteId: Type.String(),
  billId: Id,
  payAsset: Type.String(),
  payAmount: Amount,
  amount: Amount,
  currency: Type.String(),
  price: Amount,
  spread: Amount,
  serverTime: IsoTime,
  expiresAt: IsoTime,
});

export const electricityCalls = {
  '/electricity/bill/page': userPost(
    Strict({ pageCondition: PageCondition, queryCondition: Type.Optional(Strict({ status: Type.Optional(StringEnum([...BILL_STATUSES])) })) }),
    Page(Bill),
  ),
  '/electricity/bill/quote': userPost(Strict({ billId: Id, payAsset: StringEnum([...BILL_PAY_ASSETS]) }), BillQuote),
  /** Pays the bill at the quote, once; a retry with the same requestId returns the paid bill. */
  '/electricity/bill/pay': userPost(Strict({ quoteId: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }), requestId: RequestId }), Bill),
};

export type ElectricityCalls = typeof electricityCalls;

/** Sandbox control (server/README.md "Developer controls"): a hosting site issues a bill. */
export const electricityDevCalls = {
  '/_dev/electricity/bill': publicPost(
    Strict({
      email: Type.String({ minLength: 3, maxLength: 254 }),
      site: Type.String({ minLength: 1, maxLength: 100 }),
      periodStart: Type.String({ format: 'date' }),
      periodEnd: Type.String({ format: 'date' }),
      kwh: Amount,
      rate: Amount,
      currency: StringEnum([...BILL_CURRENCIES]),
      /** Days from now until it is due (negative: already overdue). */
      dueInDays: Type.Integer({ minimum: -365, maximum: 365 }),
    }),
    Bill,
  ),
};
