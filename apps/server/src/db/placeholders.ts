/**
 * PostgreSQL's `$n` placeholders of a SQL text, skipping quoted literals ('…', with '' inside) and quoted
 * identifiers ("…"), where a `$1` is only text. One scanner for every rewrite of a text's placeholders:
 * SQLite's `?` (prepared.ts), the renumbering of deferred writes (deferred-writes.ts) and the values
 * written into a transaction's first statement (postgres.ts).
 */
const PLACEHOLDER_OUTSIDE_QUOTES = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g;

/** `text` with every placeholder `$n` replaced by `replace(n)`. */
export function mapPlaceholders(text: string, replace: (n: number) => string): string {
  return text.replace(PLACEHOLDER_OUTSIDE_QUOTES, (match, n: string | undefined) =>
    n === undefined ? match : replace(Number(n)),
  );
}
