// Public entry of the shared components (spec §2). Import from here, not from the files.
export { EmptyState, type EmptyStateProps } from './empty-state/EmptyState.tsx';
export { SearchableDropdown, type SearchableDropdownProps } from './dropdown/SearchableDropdown.tsx';
export { filterOptions, type DropdownOption } from './dropdown/filter-options.ts';
export { Modal, type ModalProps } from './modal/Modal.tsx';
export { MODAL_ANIMATION_DURATION_MS, MODAL_ANIMATION_DELAY_MS, type ModalTheme } from './modal/modal-constants.ts';
export { lockPageScroll } from './modal/scroll-lock.ts';
export { SortControl, type SortControlProps } from './sort/SortControl.tsx';
export { nextSortOrder, type SortOrder } from './sort/sort-order.ts';
export { PercentSlider, PERCENT_STEPS, type PercentSliderProps } from './slider/PercentSlider.tsx';
export { LongNumber, LONG_NUMBER_WIDTH, type LongNumberProps } from './long-number/LongNumber.tsx';
export { NoPermission, type NoPermissionProps } from './no-permission/NoPermission.tsx';
export { SegmentedButtons, type SegmentedButtonsProps } from './segmented/SegmentedButtons.tsx';
