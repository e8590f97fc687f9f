/**
 * True when a write failed on a unique index. SQLite names the columns in its message; PostgreSQL
 * names the index in `constraint`; `hint` is matched against either.
 */
export function isUniqueViolation(error: unknown, hint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; message?: string; constraint?: string };
  if (e.code === '23505') return (e.constraint ?? '').includes(hint) || (e.message ?? '').includes(hint);
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return (e.message ?? '').includes(hint);
  }
  return false;
}
