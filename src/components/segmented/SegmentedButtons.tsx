import type { ReactNode } from 'react';

export interface SegmentedButtonsProps<K extends string | number> {
  options: readonly K[];
  /** The chosen option; null when none of the buttons is (a choice made elsewhere, such as a custom range). */
  selected: K | null;
  onSelect: (option: K) => void;
  /** The text a button shows (from locales/). */
  label: (option: K) => ReactNode;
  /** `tabs`: role="tab" with aria-selected, inside the caller's tablist; `toggles`: buttons with aria-pressed. */
  kind: 'tabs' | 'toggles';
  className: string;
  /** Added to className on the chosen button. */
  selectedClassName?: string;
  testId?: (option: K) => string;
}

/**
 * One choice out of a few, as a row of buttons (page tabs, chart kinds and periods, order types, time ranges).
 * Renders the buttons only: the caller's container carries the group's role and label, and whatever sits beside.
 */
export function SegmentedButtons<K extends string | number>(props: SegmentedButtonsProps<K>) {
  const { options, selected, onSelect, label, kind, className, selectedClassName, testId } = props;
  return options.map((option) => {
    const on = option === selected;
    return (
      <button
        key={option}
        type="button"
        className={on && selectedClassName ? `${className} ${selectedClassName}` : className}
        {...(kind === 'tabs' ? { role: 'tab', 'aria-selected': on } : { 'aria-pressed': on })}
        data-testid={testId?.(option)}
        onClick={() => onSelect(option)}
      >
        {label(option)}
      </button>
    );
  });
}
