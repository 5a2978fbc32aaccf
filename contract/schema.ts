import Type, { type TSchemaOptions } from 'typebox';

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
export const Code6 = Type.String({ pattern: '^\\d{6}$' });
export const Uuid = Type.String({ minLength: 1, maxLength: 64 });
/** An RSA-2048 ciphertext in base64 (jsencrypt output). */
export const Cipher = Type.String({ minLength: 1, maxLength: 700, pattern: '^[A-Za-z0-9+/=\\s]+$' });
export const IsoTime = Type.String({ format: 'date-time' });
export const Text = (minLength: number, maxLength: number) => Type.String({ minLength, maxLength });

/**
 * A closed set of strings as `{ type: 'string', enum }` (not TypeBox's anyOf of constants): a value of another
 * type is refused by `type`, one outside the set by `enum`, and the refusal names that rule (server/api/README.md).
 */
export const StringEnum = <const V extends string[]>(values: readonly [...V], options: TSchemaOptions = {}) => Type.Enum(values, { type: 'string', ...options });
/** The same for integers, `{ type: 'integer', enum }`. */
export const IntegerEnum = <const V extends number[]>(values: readonly [...V], options: TSchemaOptions = {}) => Type.Enum(values, { type: 'integer', ...options });

/** spec §9 page sizes and page numbers. */
export const PageCondition = Type.Object(
  {
    pageNum: Type.Integer({ minimum: 1, maximum: 100_000 }),
    pageSize: Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(50), Type.Literal(100)]),
  },
  { additionalProperties: false },
);

export const Page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer() });

export const Strict = <P extends Parameters<typeof Type.Object>[0]>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
