import type { UseQueryResult } from '@tanstack/react-query';
import { CSV_EXPORT_MAX_ROWS, LIST_COUNT_CAP } from '@wallet/contract/backoffice/csv-export';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFooter } from './table-footer';

export interface TablePaging {
  page: number;
  onPage: (page: number) => void;
  /** The page size asked for, when the answer does not say. */
  pageSize: number;
}

/** A framed list's heading, with what can be done to the list beside it (a "new" button). */
export interface TableTitle {
  id: string;
  text: ReactNode;
  actions?: ReactNode;
}

/**
 * A list as the back office shows it: what went wrong (with a retry), the loader, then the table
 * with its empty line, the count and the pages (server-paged lists), and the CSV export on top.
 * `framed` puts it in a card of its own (with `title`, headed and named by it); a tab that sits in a
 * card already leaves it off.
 */
export function PagedTable<Item>({
  list,
  items = list.data?.items,
  icon,
  head,
  row,
  columns,
  empty,
  summary,
  paging,
  exportCsv,
  framed = true,
  label,
  title,
}: {
  list: UseQueryResult<{ items: Item[]; total?: number; totalCapped?: boolean; limit?: number }>;
  /** The rows to show when not the answer's own (a small list sorted in the browser). */
  items?: Item[] | undefined;
  /** Icon of the load-failed card. */
  icon: ReactNode;
  /** The header cells. */
  head: ReactNode;
  row: (item: Item) => ReactNode;
  /** How many columns the empty line spans. */
  columns: number;
  empty: ReactNode;
  summary?: (total: number) => ReactNode;
  paging?: TablePaging;
  exportCsv?: ReactNode;
  framed?: boolean;
  /** The table's accessible name. */
  label?: string;
  title?: TableTitle;
}) {
  const { t } = useTranslation();
  const data = list.data;
  const rows = items ?? [];
  const total = data?.total ?? rows.length;
  // The server counts up to the list window only (LIST_COUNT_CAP): beyond it the operator is told there
  // is more and pages within the window; the screen's own "N rows" would understate it.
  const capped = data?.totalCapped === true;
  const max = LIST_COUNT_CAP.toLocaleString('en');
  const summaryText = capped ? t('table.totalCapped', { max }) : summary?.(total);
  const limit = data?.limit || paging?.pageSize || 1;
  const body = (
    <>
      {title ? (
        <div className="table-card-title">
          <h2 className="card-title" id={title.id}>
            {title.text}
          </h2>
          {title.actions}
        </div>
      ) : null}
      {exportCsv ? (
        <div className="table-toolbar">
          {capped || total > CSV_EXPORT_MAX_ROWS ? (
            // Said before the download, not after: the operator narrows the filters first.
            <p className="muted" data-testid="export-capped">
              {t('table.exportCapped', {
                max: CSV_EXPORT_MAX_ROWS.toLocaleString('en'),
                total: capped ? `${max}+` : total.toLocaleString('en'),
              })}
            </p>
          ) : null}
          {exportCsv}
        </div>
      ) : null}
      <div className="table-scroll">
        {/* Busy while a new answer is on its way and the previous one is still shown (kept to avoid a
            flash): a screen reader, and a script, can tell the rows are not yet the answer. */}
        <table className="data-table" aria-label={label} aria-busy={list.isFetching}>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns} className="empty-cell">
                  {empty}
                </td>
              </tr>
            ) : null}
            {rows.map(row)}
          </tbody>
        </table>
      </div>
      {paging ? (
        <TableFooter
          summary={summaryText}
          page={paging.page}
          totalPages={Math.max(1, Math.ceil(total / limit))}
          onPage={paging.onPage}
        />
      ) : summaryText ? (
        <div className="table-footer">
          <p className="muted">{summaryText}</p>
        </div>
      ) : null}
    </>
  );
  return (
    <>
      {list.isError ? <LoadFailedCard icon={icon} error={list.error} onRetry={() => list.refetch()} /> : null}
      <Loader active={list.isPending} />
      {data ? (
        framed ? (
          <section className="card table-card" aria-labelledby={title?.id}>
            {body}
          </section>
        ) : (
          body
        )
      ) : null}
    </>
  );
}
