import { CSV_EXPORT_MAX_ROWS } from '@wallet/contract/backoffice/csv-export';
import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../test/csv.ts';
import { csvPage, csvText } from './csv-reply.ts';

describe('CSV export', () => {
  it('asks the list for its first rows, as many as an export holds, keeping filters and sort', () => {
    expect(csvPage({ q: 'somchai', sort: 'amount', order: 'desc', page: 4, limit: 20 })).toEqual({
      q: 'somchai',
      sort: 'amount',
      order: 'desc',
      page: 1,
      limit: CSV_EXPORT_MAX_ROWS,
    });
  });

  it('writes the declared columns in order, quotes what needs it and neutralises formula cells', () => {
    const text = csvText(
      [
        { name: '=HYPERLINK("http://evil","x")', amount: -12.5, note: 'a, "b"\nc', ok: true },
        { name: '@SUM(A1)', amount: 3, note: null, ok: false },
        { name: '+1', amount: 0, note: '-2+3', ok: false },
      ],
      { name: (r) => r.name, amount: (r) => r.amount, note: (r) => r.note, ok: (r) => r.ok },
    );
    expect(text.split('\r\n')[0]).toBe('name,amount,note,ok');
    expect(csvRecords(text)).toEqual([
      ['name', 'amount', 'note', 'ok'],
      [`'=HYPERLINK("http://evil","x")`, '-12.5', 'a, "b"\nc', 'true'],
      ["'@SUM(A1)", '3', '', 'false'],
      ["'+1", '0', "'-2+3", 'false'],
    ]);
  });
});
