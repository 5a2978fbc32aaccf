export type SortOrder = 'none' | 'desc' | 'asc';

/** spec §4: the sort control cycles none → descending → ascending → none. */
export function nextSortOrder(current: SortOrder): SortOrder {
  switch (current) {
    case 'none':
      return 'desc';
    case 'desc':
      return 'asc';
    case 'asc':
      return 'none';
  }
}
