import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The names behind the codes a money record carries (a bank's Thai name, a game provider's name), in two
 * queries for a page of rows: operators read names, not KBANK or pg. A code that is neither (WALLET, a QR
 * gateway) has no entry.
 */
export async function codeNames(db: Kysely<Database>, codes: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter((code): code is string => Boolean(code)))];
  if (wanted.length === 0) return new Map();
  const [banks, providers] = await Promise.all([
    db.selectFrom('banks').select(['code', 'name_th as name']).where('code', 'in', wanted).execute(),
    db.selectFrom('game_providers').select(['code', 'name']).where('code', 'in', wanted).execute(),
  ]);
  return new Map([...providers, ...banks].map((row) => [row.code, row.name]));
}
