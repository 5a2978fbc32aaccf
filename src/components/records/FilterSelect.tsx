import { useTranslation } from 'react-i18next';

/** A filter of the records page: "All" (no value) or one of `options` (value and its shown name). */
export function FilterSelect<V extends string>({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: V | undefined;
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (value: V | '') => void;
}) {
  const { t } = useTranslation('record');
  return (
    <label>
      {label}
      <select data-testid={`filter-${name}`} value={value ?? ''} onChange={(e) => onChange(e.target.value as V | '')}>
        <option value="">{t('filters.all')}</option>
        {options.map(([option, shown]) => (
          <option key={option} value={option}>
            {shown}
          </option>
        ))}
      </select>
    </label>
  );
}
