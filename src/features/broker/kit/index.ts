// The broker pages' list kit (spec §9 time ranges and page sizes, spec §2 empty state, spec §7 downloads): the
// records kit of the record feature — filter state and paging, the page-size choice, the lazily paged table, a
// filter select, the time-range filter with its custom range — with the broker's filter bar, export button and
// time window beside it.
import './kit.css';

export { FilterSelect, PAGE_SIZES, PageSizeSelect, RecordTable as BrokerTable, TimeRangeFilter, useRecordQuery as useBrokerQuery, type Paging, type TimeRange } from '../../record/shared.ts';
export { useLoad, type Loaded } from '../../../lib/use-load.ts';
export { EmptyState } from '../../../components/index.ts';
export { BrokerExportButton, type ExportFields } from './ExportButton.tsx';
export { BrokerFilterBar } from './FilterBar.tsx';
export { DEFAULT_RANGE, TIME_RANGES, timeWindow } from './time-window.ts';
