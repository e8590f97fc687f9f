import { type ReactNode, useState } from 'react';
import { Loader } from './loader';
import { Paginator } from './paginator';

/**
 * A promotion's history in its dialog (SPEC §2 invite and refund dialogs): a titled table of one page,
 * the pages below. A failed load only hides the loader (SPEC §8). The page is the component's own;
 * `usePage` reads it (a query hook keeping the previous page while the next loads).
 */
export function PagedHistory<Row>({
  title,
  empty,
  pageSize,
  usePage,
  head,
  row,
}: {
  title: string;
  empty: string;
  pageSize: number;
  usePage: (page: number) => {
    isPending: boolean;
    isFetching: boolean;
    data: { rows: Row[]; total: number } | undefined;
  };
  head: ReactNode;
  row: (item: Row, index: number, page: number) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const history = usePage(page);
  const data = history.data;
  return (
    <section className="promo-history" aria-label={title}>
      <h3 className="promo-history-title">{title}</h3>
      {history.isPending ? <Loader /> : null}
      {data && data.rows.length === 0 ? <p className="promo-empty">{empty}</p> : null}
      {data && data.rows.length > 0 ? (
        <>
          <div className="promo-table-wrap">
            <table className="promo-table" aria-busy={history.isFetching}>
              <thead>
                <tr>{head}</tr>
              </thead>
              <tbody>{data.rows.map((item, index) => row(item, index, page))}</tbody>
            </table>
          </div>
          <Paginator page={page} totalPages={Math.max(1, Math.ceil(data.total / pageSize))} onChange={setPage} />
        </>
      ) : null}
    </section>
  );
}
