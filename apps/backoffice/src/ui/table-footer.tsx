import { Paginator } from '@wallet/web-kit/ui/paginator';
import type { ReactNode } from 'react';

/** Below a server-paged table: how many rows match, and the pages. */
export function TableFooter({
  summary,
  page,
  totalPages,
  onPage,
}: {
  summary: ReactNode;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  return (
    <div className="table-footer">
      <p className="muted">{summary}</p>
      <Paginator page={page} totalPages={totalPages} onChange={onPage} before={2} after={2} />
    </div>
  );
}
