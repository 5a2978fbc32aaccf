import Type from 'typebox';
import { userPost } from './call.ts';
import { AccountTypeEnum, Amount, Id, IsoTime, RequestId, Strict, StringEnum, TransferDirectionEnum } from './schema.ts';
import { AmountInput, CursorPage, CursorQuery, KeyId, PositionMode, RowId } from './trade.ts';
import { BalanceRow } from './wallet.ts';
import { TRADER_PERMISSIONS, type TraderPermission } from './lightning-rules.ts';

/**
 * spec §7 "Lightning futures": the broker options, saved terminal configurations (spec §3 lightning config),
 * the trader registration, transfers between the account types and the balances per account type (the last
 * three paths are the sandbox's). Shapes: server/trade/README.md "Lightning terminal, transfers, balances".
 */

const TransferAsset = Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Z0-9]{1,20}$' });
/** The terminal configuration as the client made it: any JSON object (at most 4000 characters, checked by the handler). */
const LightningConfig = Type.Unsafe<Record<string, unknown>>({ type: 'object', maxProperties: 40 });
const ActiveId = Type.Object({ activeId: Type.Union([Id, Type.Null()]) });

const Transfer = Type.Object({
  transferId: Id,
  asset: Type.String(),
  amount: Amount,
  type: TransferDirectionEnum,
  from: AccountTypeEnum,
  to: AccountTypeEnum,
  time: IsoTime,
});

/**
 * What a trader may do on the owner's lightning account (spec §7 updatePermissions): place orders, cancel them, close
 * positions, change leverage and margin modes, transfer between the account types.
 */
export { TRADER_PERMISSIONS, type TraderPermission };
/** At most this many traders per account. */
export const TRADERS_MAX = 20;
const TraderEmail = Type.String({ minLength: 6, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
const Trader = Type.Object({
  traderId: Id,
  email: Type.String(),
  permissions: Type.Array(StringEnum(TRADER_PERMISSIONS)),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});

export const lightningCalls = {
  /** spec §3 session: exchangeList, accountList (one Binance key per user; its id is the user id), the modes. */
  '/broker/lightning/queryBrokerOptions': userPost(
    undefined,
    Type.Object({
      exchangeList: Type.Array(Type.Object({ exchangeCode: Type.String(), exchangeName: Type.String() })),
      /** sortIndex null: the user's accounts were never ordered (spec §4 "Account list": the app makes the first the default). */
      accountList: Type.Array(Type.Object({ keyId: Id, brokerAccountId: Id, exchangeCode: Type.String(), sortIndex: Type.Union([Type.Integer(), Type.Null()]) })),
      positionSide: PositionMode,
      multiAssetsMargin: Type.Boolean(),
      /** spec §3 leverage state / §9: top leverage 100 */
      topLeverage: Type.Integer(),
    }),
  ),
  /**
   * spec §4 "Account list": makes an account the default (its sort index becomes the first); the accounts are listed
   * with sort indexes from then on. Another's key: 400 `unknownKey`.
   */
  '/broker/lightning/setDefaultAccount': userPost(Strict({ keyId: Id }), Type.Object({ keyId: Id })),
  '/broker/lightning/queryLightningList': userPost(
    undefined,
    Type.Object({
      dataList: Type.Array(Type.Object({ id: Id, config: Type.Unknown(), createdAt: IsoTime })),
      activeId: Type.Union([Id, Type.Null()]),
    }),
  ),
  /** At most 20 configurations per user. */
  '/broker/lightning/addLightning': userPost(Strict({ config: LightningConfig }), Type.Object({ id: Id })),
  /** Another's or a deleted id: 400 `unknown`. */
  '/broker/lightning/delLightning': userPost(Strict({ id: RowId }), Type.Null()),
  /** Remembers the active configuration (null: none). */
  '/broker/lightning/memoryLightning': userPost(Strict({ id: Type.Union([...RowId.anyOf, Type.Null()]) }), ActiveId),
  '/broker/lightning/trader/register': userPost(undefined, Type.Object({ registered: Type.Literal(true), keyId: Id, registeredAt: IsoTime })),
  '/broker/lightning/trader/query': userPost(undefined, Type.Object({ registered: Type.Boolean(), keyId: Id, registeredAt: Type.Union([IsoTime, Type.Null()]) })),
  /**
   * spec §7 lightning trader management (the spec names updatePermissions, delTraders and permissionsList without a
   * path; they sit beside trader/register and trader/query). Only the account's owner, registered as the trader of
   * their own account (trader/register), manages its traders: anyone else is refused (403), and rows of another
   * owner read as unknown.
   */
  '/broker/lightning/trader/permissionsList': userPost(undefined, Type.Array(Trader)),
  /** Adds the user with this e-mail as a trader, or replaces their permissions (one to all five, no repeats). */
  '/broker/lightning/trader/updatePermissions': userPost(
    Strict({ email: TraderEmail, permissions: Type.Array(StringEnum(TRADER_PERMISSIONS), { minItems: 1, maxItems: TRADER_PERMISSIONS.length, uniqueItems: true }) }),
    Trader,
  ),
  /** Removes traders by id (1 to 20 at once); all or none: an unknown id refuses the whole call. */
  '/broker/lightning/trader/delTraders': userPost(
    Strict({ traderIds: Type.Array(RowId, { minItems: 1, maxItems: TRADERS_MAX, uniqueItems: true }) }),
    Type.Object({ deleted: Type.Integer() }),
  ),
  /** What can leave the `from` account; from the swap account no more than its available balance. */
  '/broker/lightning/transfer/queryTransferAvailable': userPost(
    Strict({ asset: TransferAsset, type: TransferDirectionEnum, exchangeKeyId: Type.Optional(KeyId) }),
    Type.Object({ asset: Type.String(), type: TransferDirectionEnum, from: AccountTypeEnum, to: AccountTypeEnum, available: Amount }),
  ),
  /** The swap account holds USDT only; amounts at most 8 decimals. */
  '/broker/lightning/transfer/submit': userPost(
    Strict({
      asset: TransferAsset,
      type: TransferDirectionEnum,
      amount: AmountInput,
      exchangeKeyId: Type.Optional(KeyId),
      /** A retry with it returns the first transfer, moved once (idempotent on the id). */
      requestId: Type.Optional(RequestId),
    }),
    Transfer,
  ),
  '/broker/lightning/transfer/pageTransfer': userPost(
    CursorQuery(Strict({ asset: Type.Optional(TransferAsset), type: Type.Optional(TransferDirectionEnum), keyId: Type.Optional(KeyId) })),
    CursorPage(Type.Object({ transferId: Id, asset: Type.String(), amount: Amount, type: TransferDirectionEnum, time: IsoTime })),
  ),
  /** spec §3 account types; none: all three. */
  '/broker/account/balance/query': userPost(
    // exchangeKeyId: the account whose trade (2) and swap (3) balances are listed; the capital account (1) is the wallet.
    Strict({ accountType: Type.Optional(AccountTypeEnum), exchangeKeyId: Type.Optional(KeyId) }),
    Type.Array(Type.Object({ accountType: AccountTypeEnum, balances: Type.Array(BalanceRow) })),
  ),
};

export type LightningCalls = typeof lightningCalls;
