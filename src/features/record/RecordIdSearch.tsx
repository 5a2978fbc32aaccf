import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The search by record id (D12, W3, FD3, FW2: the ids the tables show and the messages quote). The id is taken
 * when it has the page's form — letters in either case, spaces around ignored — and the table then shows that one
 * record, whatever the other filters say; an empty box gives the filtered list back. A half-typed id waits, and one
 * of the wrong form says what the form is, beside the box.
 */
export function RecordIdSearch({ pattern, example, onSearch }: { pattern: RegExp; example: string; onSearch: (recordId: string) => void }) {
  const { t } = useTranslation('record');
  const id = useId();
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const sent = useRef('');
  const normal = (text: string) => text.trim().toUpperCase();
  const take = (text: string, settled: boolean) => {
    const value = normal(text);
    if (value === '' || pattern.test(value)) {
      setInvalid(false);
      if (value !== sent.current) onSearch(value);
      sent.current = value;
    } else if (settled) setInvalid(true);
  };
  return (
    <label className="td-record-search">
      {t('filters.recordId')}
      <input
        type="search"
        value={draft}
        spellCheck={false}
        autoCapitalize="characters"
        placeholder={example}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        data-testid="filter-recordId"
        onChange={(e) => {
          setDraft(e.target.value);
          take(e.target.value, false);
        }}
        onBlur={(e) => take(e.target.value, true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') take(e.currentTarget.value, true);
        }}
      />
      <span id={`${id}-hint`} className={invalid ? 'td-field-error' : 'td-field-hint'} role={invalid ? 'alert' : undefined} data-testid="filter-recordId-hint">
        {t(invalid ? 'filters.recordIdInvalid' : 'filters.recordIdHint', { example })}
      </span>
    </label>
  );
}
