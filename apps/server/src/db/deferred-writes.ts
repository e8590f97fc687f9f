import { mapPlaceholders } from './placeholders.ts';

/**
 * Deferred writes on PostgreSQL, where every statement is a round trip and most of what a money
 * movement costs. A write whose result nobody needs (a statement row, a status, a stored answer, a
 * freed lease) may wait inside its transaction and travel with the transaction's next statement, as
 * data-modifying WITH entries of it, or with its commit. See `PreparedSql.defer` for the rules a
 * caller must keep.
 *
 * The client (postgres.ts) recognises a deferred write by this leading comment; anything else that
 * sees the text simply runs it (the comment is valid SQL), so a write is never lost, only not batched.
 */
export const DEFER_MARK = '/* wallet:deferred */ ';

export interface PendingWrite {
  text: string;
  values: readonly unknown[];
}

/** Statements that may take WITH entries in front of them (DDL, SET, SAVEPOINT and the like may not). */
const MERGEABLE = /^\s*(select|insert|update|delete|with)\b/i;
const LEADING_WITH = /^\s*with\s+(recursive\s+)?/i;

export function canCarryWrites(text: string): boolean {
  return MERGEABLE.test(text);
}

/**
 * One statement doing `writes` and then `main`: `with w1 as (…), w2 as (…) main`. The main statement
 * keeps its placeholders ($1…); each write's are moved past the ones before it. The result is the main
 * statement's (rows, command and row count). All parts see the same snapshot: none sees another's
 * changes, which is why only writes nothing else in the transaction reads may be deferred.
 */
export function withWrites(writes: readonly PendingWrite[], main: PendingWrite): PendingWrite {
  let offset = main.values.length;
  const values: unknown[] = [...main.values];
  const entries = writes.map((write, i) => {
    const shift = offset;
    const text = mapPlaceholders(write.text, (n) => `$${n + shift}`);
    offset += write.values.length;
    values.push(...write.values);
    return `wallet_deferred_${i + 1} as (${text})`;
  });
  const leading = LEADING_WITH.exec(main.text);
  const text = leading
    ? `with ${leading[1] ?? ''}${entries.join(', ')}, ${main.text.slice(leading[0].length)}`
    : `with ${entries.join(', ')} ${main.text}`;
  return { text, values };
}

/** The pending writes as one statement (the last one is the main statement of the rest). */
export function writesAlone(writes: readonly PendingWrite[]): PendingWrite {
  const last = writes[writes.length - 1];
  if (!last) throw new Error('no pending writes');
  return writes.length === 1 ? last : withWrites(writes.slice(0, -1), last);
}
