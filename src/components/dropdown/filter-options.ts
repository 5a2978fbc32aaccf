export interface DropdownOption<V extends string | number = string> {
  value: V;
  label: string;
  description?: string;
  /** spec §3 "Select options: value, label, color": a CSS colour for the option's mark (a status, a side). */
  color?: string;
  disabled?: boolean;
}

/** Options whose label or description contains the query (case-insensitive, blanks around it ignored). */
export function filterOptions<V extends string | number>(
  options: readonly DropdownOption<V>[],
  query: string,
): DropdownOption<V>[] {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return [...options];
  return options.filter(
    (o) => o.label.toLocaleLowerCase().includes(q) || (o.description?.toLocaleLowerCase().includes(q) ?? false),
  );
}

/**
 * Index of the next enabled option from `from` in `direction` (wrapping), or -1 when every option is
 * disabled: keyboard navigation skips disabled options (spec §2). from = -1 with direction 1 finds the first.
 */
export function nextEnabledIndex(
  options: readonly { disabled?: boolean }[],
  from: number,
  direction: 1 | -1,
): number {
  const n = options.length;
  if (n === 0) return -1;
  let i = from;
  for (let step = 0; step < n; step++) {
    i = (((i + direction) % n) + n) % n;
    if (!options[i]?.disabled) return i;
  }
  return -1;
}

export function firstEnabledIndex(options: readonly { disabled?: boolean }[]): number {
  return nextEnabledIndex(options, -1, 1);
}

export function lastEnabledIndex(options: readonly { disabled?: boolean }[]): number {
  return nextEnabledIndex(options, 0, -1);
}
