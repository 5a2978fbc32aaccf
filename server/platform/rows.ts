/** `from_asset` → `fromAsset`: a column's name as a reply field. */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
const camel = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * The named columns of a database row under their reply names (`from_asset` → `fromAsset`), in the order given;
 * with `as`, each value converted alike (a decimal's text, a time's ISO string). The domains' views build the
 * plain part of a reply with it and write out only the fields that are computed or renamed.
 */
export function columns<R extends object, const K extends keyof R & string>(row: R, names: readonly K[]): { [P in K as Camel<P>]: R[P] };
export function columns<R extends object, const K extends keyof R & string, V>(row: R, names: readonly K[], as: (value: R[K]) => V): { [P in K as Camel<P>]: V };
export function columns<R extends object, K extends keyof R & string>(row: R, names: readonly K[], as?: (value: R[K]) => unknown): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [camel(name), as ? as(row[name]) : row[name]]));
}
