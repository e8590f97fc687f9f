import { CSV_EXPORT_MAX_ROWS } from '@wallet/contract/backoffice/csv-export';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | boolean | null | undefined;

/** A CSV's columns in order: the header, and how a row fills the cell under it. */
export type CsvColumns<Row> = Readonly<Record<string, (row: Row) => CsvCell>>;

/** The fields of a row that a cell holds as they are. */
type CellField<Row> = { [K in keyof Row]: Row[K] extends CsvCell ? K : never }[keyof Row] & string;

/** Columns that copy fields of the row as they are, each under the field's own name. */
export function fieldColumns<Row>(...fields: CellField<Row>[]): CsvColumns<Row> {
  return Object.fromEntries(fields.map((field) => [field, (row: Row) => row[field] as CsvCell]));
}

/**
 * A list's query turned into the export's: the same filters and sort, from the first row, as many
 * rows as one export may hold. The list code that serves the screen serves the file.
 */
export function csvPage<Query extends object>(query: Query): Query & { page: number; limit: number } {
  return { ...query, page: 1, limit: CSV_EXPORT_MAX_ROWS };
}

/**
 * The rows as CSV with a header line. Cells an operator or a player could have typed (names,
 * reasons, references) are read by spreadsheets: one starting with = + - @ would run as a formula
 * there, so it is prefixed with a quote (negative numbers stay numbers).
 */
export function csvText<Row>(rows: readonly Row[], columns: CsvColumns<Row>): string {
  const cells = Object.values(columns);
  return stringify(
    rows.map((row) => cells.map((cell) => cell(row) ?? '')),
    {
      header: true,
      columns: Object.keys(columns),
      escape_formulas: true,
      record_delimiter: 'windows',
      cast: { boolean: (value) => String(value) },
    },
  );
}

/** Sends the rows as a CSV download named `<name>.csv`: text, sent as is (no JSON serializer). */
export function sendCsv<Row>(
  reply: FastifyReply,
  name: string,
  columns: CsvColumns<Row>,
  rows: readonly Row[],
): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(csvText(rows, columns));
}
