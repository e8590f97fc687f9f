/**
 * Every back-office table that lists records downloads as CSV from a sibling of its list route
 * (`…/players` → `…/players.csv`), with the same query: the file holds what the screen filters and
 * sorts, from the first row, not only the page on screen. Zod-free, so the app imports it as is.
 */

/** One CSV export holds at most this many rows; narrow the filters for more. */
export const CSV_EXPORT_MAX_ROWS = 10_000;

/**
 * A back-office list counts what it matches up to this many and says "more" beyond (`totalCapped`), and
 * pages within them: an exact count reads every matching row on each page view, which grows with a
 * year of history, while an operator reads "10,000+" as well as 1,234,567 and narrows the filters to
 * see further. The same window as the CSV export.
 */
export const LIST_COUNT_CAP = CSV_EXPORT_MAX_ROWS;
