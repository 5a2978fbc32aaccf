import Type from 'typebox';
import { userPost } from './call.ts';
import { BROKER_EXCHANGES } from './broker-rules.ts';
import {
  BROKER_ADDRESS_STATES,
  BROKER_ADDRESS_TYPES,
  MESSAGE_CONFIG_STATES,
  MESSAGE_EVENTS,
  MESSAGE_REMARK_MAX,
} from './broker-config-rules.ts';
import { Asset, Code6, CodeUuid, Id, IsoTime, Page, PageCondition, Strict, StringEnum } from './schema.ts';
import { Address, AddressName, Memo, Network } from './wallet.ts';

/**
 * The broker's withdrawal address book (whitelist) and notification e-mails (spec §7 "Broker calls":
 * address/* and messageConfig/*). The spec names the calls only; the fields follow the exchanges' own
 * withdrawal-whitelist APIs (exchange, coin, network, address, address tag, name) and are listed in
 * server/broker/README.md "Address book and notification e-mails". Adding either goes submit (a `pending` row) →
 * invoke the e-mail validation (a code to the broker's e-mail, with the 1 s repeat guard of spec §5) → confirm
 * with the code. Every row belongs to the caller's broker organisation (server/broker/org.ts): another
 * organisation's row answers 404, as a missing one does.
 */

export {
  BROKER_ADDRESS_STATES,
  BROKER_ADDRESS_TYPES,
  MESSAGE_CONFIG_STATES,
  MESSAGE_EVENTS,
  type BrokerAddressState,
  type BrokerAddressType,
  type MessageConfigState,
  type MessageEvent,
} from './broker-config-rules.ts';

const Exchange = StringEnum([...BROKER_EXCHANGES]);
const AddressType = StringEnum([...BROKER_ADDRESS_TYPES]);
const AddressState = StringEnum([...BROKER_ADDRESS_STATES]);
const Event = StringEnum([...MESSAGE_EVENTS]);
/** spec §5: the e-mail format (contract/rules.ts isEmailFormat) is checked after the shape. */
const Email = Type.String({ minLength: 3, maxLength: 254 });
const Events = Type.Array(Event, { minItems: 1, maxItems: MESSAGE_EVENTS.length, uniqueItems: true });
const Remark = Type.String({ minLength: 0, maxLength: MESSAGE_REMARK_MAX });
const ById = Strict({ id: Id });
const CodeBody = Strict({ id: Id, emailUuid: CodeUuid, emailCode: Code6 });

export const BrokerAddress = Type.Object({
  id: Id,
  exchange: Exchange,
  asset: Type.String(),
  network: Network,
  address: Type.String(),
  /** The address tag (memo), where the network has one; null otherwise. */
  memo: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  addressType: AddressType,
  status: AddressState,
  /** The member who submitted it, and who confirmed it with the e-mail code. */
  createdBy: Type.String(),
  confirmedBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoTime,
  confirmedAt: Type.Union([IsoTime, Type.Null()]),
  /** A whitelisted entry takes withdrawals from this time on: 24 hours after it was confirmed (10203 before). */
  usableAt: Type.Union([IsoTime, Type.Null()]),
});

export const MessageConfig = Type.Object({
  id: Id,
  email: Type.String(),
  events: Type.Array(Event),
  remark: Type.String(),
  status: StringEnum([...MESSAGE_CONFIG_STATES]),
  createdBy: Type.String(),
  createdAt: IsoTime,
  confirmedAt: Type.Union([IsoTime, Type.Null()]),
  updatedAt: IsoTime,
});

/** The code sent for the confirmation step: its uuid goes back with the code. */
const CodeSent = Type.Object({ id: Id, uuid: Type.String(), expiresAt: IsoTime });

/** One whitelisted address of a broker or master account, as a withdrawal form offers it. */
const AddressChoice = Type.Object({
  id: Id,
  name: Type.String(),
  network: Network,
  address: Type.String(),
  memo: Type.Union([Type.String(), Type.Null()]),
});

const AddressAsset = Type.Object({
  asset: Type.String(),
  networks: Type.Array(Type.Object({ network: Network, label: Type.String(), memo: Type.Boolean() })),
  /** Entries of the organisation's book with this asset (any state). */
  count: Type.Integer(),
});

export const brokerAddressCalls = {
  '/broker/address/pageBrokerAddress': userPost(
    Strict({
      pageCondition: PageCondition,
      queryCondition: Type.Optional(Strict({
        exchange: Type.Optional(Exchange),
        asset: Type.Optional(Asset),
        network: Type.Optional(Network),
        addressType: Type.Optional(AddressType),
        status: Type.Optional(AddressState),
      })),
    }),
    Page(BrokerAddress),
  ),
  /** A new entry, `pending` until confirmed; resubmitting a pending one updates its name and type. */
  '/broker/address/submitBrokerAddress': userPost(
    Strict({
      exchange: Exchange,
      asset: Asset,
      network: Network,
      address: Address,
      memo: Type.Optional(Memo),
      name: AddressName,
      addressType: AddressType,
    }),
    BrokerAddress,
  ),
  /** Sends the e-mail code that confirms a pending entry to the caller's e-mail (spec §5: not twice within 1 s). */
  '/broker/address/invokeAddressAddEmailValidation': userPost(ById, CodeSent),
  '/broker/address/confirmBrokerAddress': userPost(CodeBody, BrokerAddress),
  /** Takes a whitelisted entry off the whitelist; it stays in the book as `removed`. */
  '/broker/address/whitelist/remove': userPost(ById, BrokerAddress),
  '/broker/address/delete': userPost(ById, Type.Object({ id: Id })),
  /** The whitelisted addresses a withdrawal may go to on an exchange, for an asset: the broker's and the master account's. */
  '/broker/address/listBrokerAndMasterAddressInfo': userPost(
    Strict({ exchange: Exchange, asset: Asset, network: Type.Optional(Network) }),
    Type.Object({ broker: Type.Array(AddressChoice), master: Type.Array(AddressChoice) }),
  ),
  /** The assets an address may be whitelisted for, with their networks, and how many entries the book has of each. */
  '/broker/address/selectAllAddressAsset': userPost(undefined, Type.Array(AddressAsset)),
};

export const brokerMessageCalls = {
  '/broker/messageConfig/list': userPost(undefined, Type.Array(MessageConfig)),
  /** A new notification e-mail, `pending` until confirmed; resubmitting a pending one updates its events and remark. */
  '/broker/messageConfig/submitBrokerMessageConfig': userPost(Strict({ email: Email, events: Events, remark: Type.Optional(Remark) }), MessageConfig),
  '/broker/messageConfig/invokeBrokerMessageConfigAddEmailValidation': userPost(ById, CodeSent),
  '/broker/messageConfig/confirmBrokerMessageConfig': userPost(CodeBody, MessageConfig),
  /** Changes what an e-mail is notified of and its remark (a different address is a new entry, confirmed again). */
  '/broker/messageConfig/updateBrokerMessageConfig': userPost(Strict({ id: Id, events: Events, remark: Type.Optional(Remark) }), MessageConfig),
  '/broker/messageConfig/deleteBrokerMessageConfig': userPost(ById, Type.Object({ id: Id })),
};

export type BrokerAddressCalls = typeof brokerAddressCalls;
export type BrokerMessageCalls = typeof brokerMessageCalls;
export type BrokerConfigCalls = BrokerAddressCalls & BrokerMessageCalls;
