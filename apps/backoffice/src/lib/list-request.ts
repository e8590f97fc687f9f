/**
 * What a back-office list asks the server for, without the page: its path and its filters and sort.
 * The screen pages it; the CSV export sends the same query to the path's `.csv` sibling, so the file
 * holds exactly what the screen lists (every row, not only the page on screen).
 */
export interface ListRequest {
  path: string;
  query: URLSearchParams;
}

export function listRequest(path: string, filters: Record<string, string | undefined> = {}): ListRequest {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const trimmed = value?.trim();
    if (trimmed) query.set(key, trimmed);
  }
  return { path, query };
}

/** One page of the list. */
export function pageUrl({ path, query }: ListRequest, page: number, limit: number): string {
  const paged = new URLSearchParams(query);
  paged.set('page', String(page));
  paged.set('limit', String(limit));
  return `${path}?${paged}`;
}

/** The whole list as CSV. */
export function csvUrl({ path, query }: ListRequest): string {
  const text = query.toString();
  return text ? `${path}.csv?${text}` : `${path}.csv`;
}
