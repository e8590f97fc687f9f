/**
 * Every back-office table that lists records downloads as CSV from a sibling of its list route
 * (`…/players` → `…/players.csv`), with the same query: the file holds what the screen filters and
 * sorts, from the first row, not only the page on screen. Zod-free, so the app imports it as is.
 */

/** One CSV export holds at most this many rows; narrow the filters for more. */
export const CSV_EXPORT_MAX_ROWS = 10_000;

/** The CSV route of a list route: the same path with `.csv` appended. */
export function csvPath(listPath: string): string {
  const [path, query] = listPath.split('?');
  return query === undefined ? `${path}.csv` : `${path}.csv?${query}`;
}
