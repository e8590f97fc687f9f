/**
 * Every back-office table that lists records downloads as CSV from a sibling of its list route
 * (`…/players` → `…/players.csv`), with the same query: the file holds what the screen filters and
 * sorts, from the first row, not only the page on screen. Zod-free, so the app imports it as is.
 */

/** One CSV export holds at most this many rows; narrow the filters for more. */
export const CSV_EXPORT_MAX_ROWS = 10_000;
