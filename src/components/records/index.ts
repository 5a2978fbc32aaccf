// Entry of the records kit (spec §9 time ranges and page sizes, spec §7 downloads; ../shared/CONVENTIONS.md
// "Back-office pages"): paging and filter state, a filter select, the time-range filter with its custom range, the
// page-size choice, the lazily paged table, the client-side list table, the filter bar, the export button and the time window. Imported by
// lazily loaded pages only: it is not part of src/components/index.ts, which the app shell loads at start-up.
// The form kit's styles first: the kit's messages use them (td-form-message, td-field-error) and its filters'
// rules override their field rules.
import '../form/form.css';
import './records.css';

export { DataRow, type CellAttributes, type DataColumn } from './data-table-parts.tsx';
export { DataTable, type DataTableProps, type DataTableRegion } from './DataTable.tsx';
export { ExportButton, type ExportFields } from './ExportButton.tsx';
export { FilterBar } from './FilterBar.tsx';
export { FilterSelect } from './FilterSelect.tsx';
export { PageSizeSelect } from './PageSizeSelect.tsx';
export { RecordTable } from './RecordTable.tsx';
export { TimeRangeFilter, type TimeRange } from './TimeRangeFilter.tsx';
export { DEFAULT_RANGE, TIME_RANGES, timeWindow } from './time-window.ts';
export { PAGE_SIZES, useRecordQuery, type PageSize, type Paging, type RecordSort } from './use-record-query.ts';
