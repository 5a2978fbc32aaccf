import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PageSize, type Paging } from './use-record-query.ts';

/** Rows per page: a labelled select of ours (primereact's own is an unnamed hidden select to axe). */
export function PageSizeSelect({ paging, onChange }: { paging: Paging; onChange: (paging: Paging) => void }) {
  const { t } = useTranslation('record');
  return (
    <label>
      {t('filters.pageSize')}
      <select data-testid="page-size" value={paging.pageSize} onChange={(e) => onChange({ pageNum: 1, pageSize: Number(e.target.value) as PageSize })}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
