import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginInfoList } from './api.ts';
import { deviceName, sourceName } from './device-name.ts';
import { describeError } from './errors.ts';
import type { LoginHistoryPage } from './types.ts';
import { AccountShell } from './ui/AccountShell.tsx';
import { FormMessage } from '../../components/form/index.ts';
import { DataTable } from '../../components/records/index.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '../../../contract/rules.ts';


/** spec §2 account/hitory: login history. */
export default function HistoryPage() {
  const { t } = useTranslation('account');
  const [pageNum, setPageNum] = useState(1);
  // spec §9 page size: default 10; options 10, 20, 50, 100.
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState<LoginHistoryPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loginInfoList(pageNum, pageSize).then(
      (result) => live && setPage(result),
      (failure: unknown) => live && setError(describeError(t, failure).message),
    );
    return () => {
      live = false;
    };
  }, [pageNum, pageSize, t]);

  const pages = page ? Math.max(1, Math.ceil(page.total / pageSize)) : 1;
  return (
    <AccountShell title={t('history.title')}>
      <FormMessage text={error} />
      {page ? (
        <DataTable<LoginHistoryPage['list'][number]>
          rows={page.list}
          rowKey={(row) => row.id}
          rowProps={() => ({ 'data-testid': 'login-history-row' })}
          testId="login-history"
          className="td-table"
          empty={<p className="td-empty">{t('history.empty')}</p>}
          columns={[
            { id: 'time', header: t('history.time'), scope: false, cell: (row) => formatDateTime(row.loginTime, { zone: true }) },
            { id: 'ip', header: t('history.ip'), scope: false, cell: (row) => row.ip ?? '--' },
            { id: 'source', header: t('history.source'), scope: false, cell: (row) => sourceName(t, row.source) },
            { id: 'device', header: t('history.device'), scope: false, cell: (row) => deviceName(t, row), cellProps: () => ({ className: 'td-cell-wrap' }) },
          ]}
        />
      ) : null}
      <div className="td-pager">
        <span data-testid="login-history-total">{t('history.total', { count: page?.total ?? 0 })}</span>
        <button type="button" className="td-button td-button-secondary" disabled={pageNum <= 1} onClick={() => setPageNum((n) => n - 1)}>
          {t('history.previous')}
        </button>
        <span>{t('history.page', { page: pageNum, pages })}</span>
        <button type="button" className="td-button td-button-secondary" disabled={pageNum >= pages} onClick={() => setPageNum((n) => n + 1)}>
          {t('history.next')}
        </button>
        <select aria-label={t('history.pageSize')} value={pageSize} onChange={(e) => { setPageSize(PAGE_SIZES.find((size) => size === Number(e.target.value)) ?? DEFAULT_PAGE_SIZE); setPageNum(1); }}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('history.perPage', { size })}
            </option>
          ))}
        </select>
      </div>
    </AccountShell>
  );
}
