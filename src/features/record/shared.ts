// Entry of the record feature for other features' lazily loaded pages (the OTC area's order records): the
// records kit — paging and filter state, the page-size choice, the lazily paged table, a filter select — and
// the time-range filter.
import './record.css';

export { FilterSelect, PAGE_SIZES, PageSizeSelect, RecordTable, useRecordQuery, type Paging } from './RecordKit.tsx';
export { TimeRangeFilter, type TimeRange } from './TimeRangeFilter.tsx';
