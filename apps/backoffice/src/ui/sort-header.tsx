import { ChevronIcon } from '@wallet/web-kit/ui/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SortOrder = 'asc' | 'desc';
export interface Sort<Column extends string> {
  column: Column;
  order: SortOrder;
}

/** A column header that sorts the table on the server; a second click turns the order round. */
export function SortHeader<Column extends string>({
  column,
  sort,
  onSort,
  children,
}: {
  column: Column;
  sort: Sort<Column>;
  onSort: (sort: Sort<Column>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const active = sort.column === column;
  const next: SortOrder = active && sort.order === 'asc' ? 'desc' : 'asc';
  return (
    <th scope="col" aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className={active ? 'sort-button is-active' : 'sort-button'}
        onClick={() => onSort({ column, order: next })}
        title={t('table.sortBy')}
      >
        <span>{children}</span>
        {active ? (
          <ChevronIcon direction="down" className={sort.order === 'asc' ? 'sort-icon is-asc' : 'sort-icon'} />
        ) : null}
      </button>
    </th>
  );
}
