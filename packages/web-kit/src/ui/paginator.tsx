import { STATEMENT_PAGES_AFTER, STATEMENT_PAGES_BEFORE } from '@wallet/contract/constants';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from './icons';

export function pageRange(page: number, totalPages: number, before: number, after: number): number[] {
  const first = Math.max(1, page - before);
  const last = Math.min(totalPages, page + after);
  const pages: number[] = [];
  for (let p = first; p <= last; p++) pages.push(p);
  return pages;
}

interface PaginatorProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  before?: number;
  after?: number;
}

/** Page buttons around the current page: 3 before and 1 after by default (SPEC §9). */
export function Paginator({
  page,
  totalPages,
  onChange,
  before = STATEMENT_PAGES_BEFORE,
  after = STATEMENT_PAGES_AFTER,
}: PaginatorProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="paginator" aria-label={t('ui.pagination')}>
      <button
        type="button"
        className="page-button"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('ui.previousPage')}
      >
        <ChevronIcon direction="left" />
      </button>
      {pageRange(page, totalPages, before, after).map((p) => (
        <button
          key={p}
          type="button"
          className={p === page ? 'page-button is-current' : 'page-button'}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('ui.page', { page: p })}
          onClick={() => onChange(p)}
        >
          {p}
        </button>
      ))}
      <button
        type="button"
        className="page-button"
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
        aria-label={t('ui.nextPage')}
      >
        <ChevronIcon direction="right" />
      </button>
    </nav>
  );
}
