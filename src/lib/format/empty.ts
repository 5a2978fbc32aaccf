/**
 * spec §5: empty check. The empty string, the strings 'null' and 'undefined', blank strings, false,
 * null (and undefined), empty arrays and empty plain objects count as empty. 0, NaN and non-plain
 * objects (Date, Map, …) do not.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || trimmed === 'null' || trimmed === 'undefined';
  }
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return false;
    return Object.keys(value).length === 0;
  }
  return false;
}
