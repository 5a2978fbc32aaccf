import Type, { type TLiteral, type TSchemaOptions, type TUnion } from 'typebox';
import { RANGE_DAYS } from './broker-performance.ts';
import { AREA_CODE_PATTERN, CODE6_PATTERN, PAGE_SIZES, PHONE_PATTERN } from './rules.ts';
import { ACCOUNT_TYPE_CODES, TRANSFER_DIRECTIONS } from './accounts.ts';

/**
 * Building blocks of the call schemas. Amounts travel as decimal strings (never binary floating point;
 * DESIGN.md "Data flow: the provider's API"), with ranges checked where they enter.
 */

/** A non-negative decimal of up to 18 integer and 18 fraction digits, e.g. "0.015". */
export const Amount = Type.String({ pattern: '^(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$', maxLength: 37 });
/** An asset symbol, upper case (spec §2: the asset parameter is upper-case letters; digits for e.g. 1INCH). */
export const Asset = Type.String({ pattern: '^[A-Z0-9]{2,12}$' });
/** A client-chosen id that makes a money call idempotent: a retry with it returns the first result. */
export const RequestId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });
/** An id issued by the sandbox (decimal digits in a string, so 64-bit ids survive JavaScript). */
export const Id = Type.String({ pattern: '^[1-9]\\d{0,18}$' });
export const Code6 = Type.String({ pattern: CODE6_PATTERN.source });
export const Uuid = Type.String({ minLength: 1, maxLength: 64 });
/**
 * The uuid a code sender returned, beside its code. Optional and possibly empty in the shape: a missing one is
 * answered by the code check with 400 `codeNotFetched` (spec §5 "The verification code must be fetched first").
 */
export const CodeUuid = Type.String({ minLength: 0, maxLength: 64 });
/** An RSA-2048 ciphertext in base64 (jsencrypt output). */
export const Cipher = Type.String({ minLength: 1, maxLength: 700, pattern: '^[A-Za-z0-9+/=\\s]+$' });
export const IsoTime = Type.String({ format: 'date-time' });
export const Text = (minLength: number, maxLength: number) => Type.String({ minLength, maxLength });
/** A value or null (`anyOf` of it and `null`). */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * One of a fixed list, as JSON Schema `{ type, enum }`. A refusal then names the rule `enum` (server/README.md
 * "Bad input"), where a union of literals (`anyOf` of `const`) would name `const`; the `type` keeps a value of
 * the wrong type refused as `type`, and lets a query string's text be coerced to an integer.
 */
export const StringEnum = <const V extends string[]>(values: readonly [...V], options: TSchemaOptions = {}) =>
  Type.Enum(values, { type: 'string', ...options });
export const IntegerEnum = <const V extends number[]>(values: readonly [...V], options: TSchemaOptions = {}) =>
  Type.Enum(values, { type: 'integer', ...options });
/**
 * One of a fixed list as a union of literals (`anyOf` of `const`): the older shape of some calls, kept so their
 * refusals still name the rule they name today (server/README.md "Bad input"). Built from the contract's
 * constant, so the list is written once.
 */
export const LiteralUnion = <const V extends readonly (string | number)[]>(values: V) =>
  // `map` returns an array, not a tuple; TypeBox's static type of a union walks a tuple, so it would be `never`.
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<Literals<V>>;
type Literals<V extends readonly (string | number)[]> = { -readonly [K in keyof V]: TLiteral<V[K]> };
/** A list of numbers as the texts a form field carries, kept as a tuple of literal types. */
const asText = <const V extends readonly number[]>(values: V) => values.map(String) as { -readonly [K in keyof V]: `${V[K]}` };

/** spec §9 quick ranges (contract/rules.ts RANGE_DAYS), as `enum` (the broker calls) or as a union (the records calls). */
export const RangeDaysEnum = IntegerEnum(RANGE_DAYS);
export const RangeDaysUnion = LiteralUnion(RANGE_DAYS);
/** The same as text: an export's form fields are strings (spec §7 "Downloads"). */
export const RangeDaysText = LiteralUnion(asText(RANGE_DAYS));
/** spec §3 account types 1, 2, 3 (contract/rules.ts ACCOUNT_TYPES). */
export const AccountTypeEnum = IntegerEnum(ACCOUNT_TYPE_CODES);
export const AccountTypeUnion = LiteralUnion(ACCOUNT_TYPE_CODES);
/** spec §4 transfer direction codes (contract/rules.ts TRANSFER_DIRECTIONS). */
export const TransferDirectionEnum = StringEnum(TRANSFER_DIRECTIONS);
export const TransferDirectionUnion = LiteralUnion(TRANSFER_DIRECTIONS);

/** spec §7 sms/captcha, bindPhoneInfo, updatePhoneInfo: a phone number with its area code (contract/rules.ts). */
export const PhoneFields = {
  areaCode: Type.String({ minLength: 1, maxLength: 5, pattern: AREA_CODE_PATTERN.source }),
  phone: Type.String({ minLength: 5, maxLength: 15, pattern: PHONE_PATTERN.source }),
};
/** An optional contact's area code (registration, cooperation form): an area code or nothing. */
export const AreaCodeOrEmpty = Type.String({ minLength: 0, maxLength: 5, pattern: `^(${AREA_CODE_PATTERN.source.slice(1, -1)})?$` });

/**
 * Who is asking, on the forms a business fills in to be contacted (the broker cooperation form, the OTC enquiry).
 * The e-mail rule of spec §5 (contract/rules.ts `isEmailFormat`) is checked after the shape.
 */
export const ContactFields = {
  companyName: Type.String({ minLength: 1, maxLength: 100 }),
  contactName: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({ minLength: 3, maxLength: 254 }),
  areaCode: Type.Optional(AreaCodeOrEmpty),
  phone: Type.Optional(Type.String({ minLength: 0, maxLength: 15, pattern: '^\\d*$' })),
  message: Type.Optional(Type.String({ minLength: 0, maxLength: 500 })),
};

/**
 * A records page's order (primereact DataTable's lazy sorting): by time (the default, newest first) or
 * by amount, ascending or descending. Ties keep the newest first.
 */
export const RecordSort = Type.Object(
  { field: StringEnum(['createdAt', 'amount']), order: StringEnum(['asc', 'desc']) },
  { additionalProperties: false },
);

/** spec §9 page sizes and page numbers. */
export const PageCondition = Type.Object(
  {
    pageNum: Type.Integer({ minimum: 1, maximum: 100_000 }),
    pageSize: LiteralUnion(PAGE_SIZES),
  },
  { additionalProperties: false },
);

export const Page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer() });

export const Strict = <P extends Parameters<typeof Type.Object>[0]>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
