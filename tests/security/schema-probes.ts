/** The part of a route's JSON schema the probes of tests/security read (input-ranges, hostile-sweep). */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};

/** The JSON types a schema takes, through its `anyOf` branches. */
export function kinds(schema: Schema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(kinds);
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}
