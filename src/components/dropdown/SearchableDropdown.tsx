import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  filterOptions,
  firstEnabledIndex,
  lastEnabledIndex,
  nextEnabledIndex,
  type DropdownOption,
} from './filter-options.ts';
import './SearchableDropdown.css';

export interface SearchableDropdownProps<V extends string | number> {
  options: readonly DropdownOption<V>[];
  value: V | null | undefined;
  onChange: (value: V, option: DropdownOption<V>) => void;
  /** Accessible name of the field (visible labels should point here with htmlFor/id instead). */
  ariaLabel?: string;
  id?: string;
  /** Default the translated 'please select'. */
  placeholder?: string;
  /** Type to filter by label and description (default true). */
  filterable?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * spec §2: searchable dropdown with option label and description; filterable; disabled options are
 * shown but cannot be chosen and keyboard navigation skips them. ARIA 1.2 combobox with a listbox
 * popup: ArrowUp/ArrowDown/Home/End move, Enter chooses, Escape and Tab close.
 */
export function SearchableDropdown<V extends string | number>(props: SearchableDropdownProps<V>) {
  const { options, value, onChange, ariaLabel, id, placeholder, filterable = true, disabled = false, className } = props;
  const { t } = useTranslation('components');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-o${i}`;

  const shown = filterOptions(options, filterable ? query : '');
  const selected = options.find((o) => o.value === value);

  useEffect(() => {
    if (!open || active < 0) return;
    listRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const openList = () => {
    if (disabled || open) return;
    const selectedIndex = shown.findIndex((o) => o.value === value && !o.disabled);
    setActive(selectedIndex >= 0 ? selectedIndex : firstEnabledIndex(shown));
    setOpen(true);
  };
  const closeList = () => {
    setOpen(false);
    setQuery('');
    setActive(-1);
  };
  const choose = (option: DropdownOption<V> | undefined) => {
    if (!option || option.disabled) return;
    onChange(option.value, option);
    closeList();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) return openList();
        const from = active < 0 && event.key === 'ArrowUp' ? 0 : active;
        setActive(nextEnabledIndex(shown, from, event.key === 'ArrowDown' ? 1 : -1));
        return;
      }
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? firstEnabledIndex(shown) : lastEnabledIndex(shown));
        return;
      case 'Enter':
        event.preventDefault();
        if (open) choose(shown[active]);
        else openList();
        return;
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        event.stopPropagation(); // closes the list, not a modal around it
        closeList();
        return;
      case 'Tab':
        if (open) closeList();
        return;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) closeList();
  };

  const classes = ['td-dropdown', open && 'td-dropdown--open', disabled && 'td-dropdown--disabled', className]
    .filter(Boolean)
    .join(' ');

  return (
    <div ref={rootRef} className={classes} onBlur={onBlur}>
      <input
        id={id}
        className="td-dropdown__input"
        role="combobox"
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-controls={listId}
        aria-haspopup="listbox"
        aria-autocomplete={filterable ? 'list' : 'none'}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        disabled={disabled}
        readOnly={!filterable}
        value={open ? query : (selected?.label ?? '')}
        placeholder={open && selected ? selected.label : (placeholder ?? t('dropdown.placeholder'))}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(firstEnabledIndex(filterOptions(options, event.target.value)));
          setOpen(true);
        }}
        onClick={openList}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="td-dropdown__toggle"
        tabIndex={-1}
        aria-label={t('dropdown.toggle')}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => (open ? closeList() : openList())}
      >
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul ref={listRef} id={listId} role="listbox" className="td-dropdown__list" hidden={!open}>
        {open &&
          shown.map((option, i) => (
            <li
              key={option.value}
              id={optionId(i)}
              role="option"
              aria-selected={option.value === value}
              aria-disabled={option.disabled || undefined}
              className={[
                'td-dropdown__option',
                i === active && 'td-dropdown__option--active',
                option.disabled && 'td-dropdown__option--disabled',
              ]
                .filter(Boolean)
                .join(' ')}
              // Keep focus in the input so blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => !option.disabled && setActive(i)}
              onClick={() => choose(option)}
            >
              {option.color !== undefined && <span className="td-dropdown__swatch" aria-hidden="true" style={{ backgroundColor: option.color }} />}
              <span className="td-dropdown__label">{option.label}</span>
              {option.description !== undefined && <span className="td-dropdown__description">{option.description}</span>}
            </li>
          ))}
        {open && shown.length === 0 && (
          <li className="td-dropdown__empty" role="presentation">
            {t('dropdown.noResults')}
          </li>
        )}
      </ul>
    </div>
  );
}
