import type { Language } from '@wallet/contract/constants';
import type { DepositChannel } from '@wallet/contract/statement';
import { type Kysely, sql } from 'kysely';
import { pickLanguage } from '../../db/per-language.ts';
import type { Database } from '../../db/schema.ts';

/** The player's count of statement lines, kept by the database (migration 022): one row, whatever the history. */
export async function countStatements(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('statement_counts').select('total').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Newest first, `offset` lines in: the lines whose positions (user_seq, 1 = oldest) run down from the
 * count less the offset. A range on the (user_id, user_seq) index: the last page of a long statement
 * costs what the first does.
 */
export async function pageStatements(db: Kysely<Database>, userId: string, offset: number, limit: number) {
  return db
    .selectFrom('statements')
    .selectAll()
    .where('user_id', '=', userId)
    .where('user_seq', '<=', sql<number>`(select total from statement_counts where user_id = ${userId}) - ${offset}`)
    .orderBy('user_seq', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The channel of each of these deposit statements, read from the record that booked it: a bank transfer of
 * the feed, a paid QR, a verified slip, a redeemed gift link or a manual notice (whose id is the statement's).
 * One statement of five indexed lookups (one round trip on PostgreSQL) for a page of at most a few dozen ids.
 */
export async function depositChannels(
  db: Kysely<Database>,
  statementIds: string[],
): Promise<Map<string, DepositChannel>> {
  if (statementIds.length === 0) return new Map();
  const channel = (name: DepositChannel) => sql<DepositChannel>`${sql.lit(name)}`.as('channel');
  const rows = await db
    .selectFrom('bank_transfers')
    .select(['statement_id as id', channel('bank')])
    .where('statement_id', 'in', statementIds)
    .unionAll(
      db
        .selectFrom('qrcodes')
        .select(['statement_id as id', channel('qr')])
        .where('statement_id', 'in', statementIds),
    )
    .unionAll(
      db
        .selectFrom('slips')
        .select(['statement_id as id', channel('slip')])
        .where('statement_id', 'in', statementIds),
    )
    .unionAll(
      db
        .selectFrom('gift_link_redemptions')
        .select(['statement_id as id', channel('giftLink')])
        .where('statement_id', 'in', statementIds),
    )
    .unionAll(
      db
        .selectFrom('manual_deposits')
        .select(['id', channel('manual')])
        .where('id', 'in', statementIds),
    )
    .execute();
  const channels = new Map<string, DepositChannel>();
  for (const row of rows) if (row.id) channels.set(row.id, row.channel);
  return channels;
}

/** The operator's reason on each of these withdrawals that has one (a refusal, a payout marked failed). */
export async function withdrawalReasons(db: Kysely<Database>, statementIds: string[]): Promise<Map<string, string>> {
  if (statementIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('withdrawals')
    .select(['id', 'decision_reason'])
    .where('id', 'in', statementIds)
    .where('status', '=', 'FAILED')
    .where('decision_reason', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.decision_reason as string]));
}

/**
 * What players call the bonuses and promotion codes these lines were booked with, in `language`: a bonus's
 * name, a promotion code's description. Keyed `kind:code`; a code since deleted has none.
 */
export async function linkedNames(
  db: Kysely<Database>,
  lines: { linked_kind: string | null; linked_description: string | null }[],
  language: Language,
): Promise<Map<string, string>> {
  const codes = (kind: string) => [
    ...new Set(lines.filter((line) => line.linked_kind === kind).map((line) => line.linked_description ?? '')),
  ];
  const bonusCodes = codes('bonus');
  const promotionCodes = codes('promotion');
  const [bonuses, promotions] = await Promise.all([
    bonusCodes.length
      ? db.selectFrom('bonuses').select(['code', 'names as texts']).where('code', 'in', bonusCodes).execute()
      : [],
    promotionCodes.length
      ? db
          .selectFrom('promotion_codes')
          .select(['code', 'descriptions as texts'])
          .where('code', 'in', promotionCodes)
          .execute()
      : [],
  ]);
  const names = new Map<string, string>();
  const add = (kind: string, rows: { code: string; texts: string }[]) => {
    for (const row of rows) {
      const name = pickLanguage(row.texts, language, '');
      if (name) names.set(`${kind}:${row.code}`, name);
    }
  };
  add('bonus', bonuses);
  add('promotion', promotions);
  return names;
}
