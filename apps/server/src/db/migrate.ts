import { type Kysely, sql } from 'kysely';
import type { Db } from './database.ts';
import * as m001 from './migrations/001-foundation.ts';
import * as m002 from './migrations/002-wallet-core.ts';
import * as m003 from './migrations/003-deposits.ts';
import * as m004 from './migrations/004-qrcodes.ts';
import * as m005 from './migrations/005-slips.ts';
import * as m006 from './migrations/006-lean-ledger-indexes.ts';
import * as m007 from './migrations/007-slip-holds.ts';
import * as m008 from './migrations/008-account-security.ts';
import * as m009 from './migrations/009-bank-reference-case.ts';
import * as m010 from './migrations/010-idempotency-operation.ts';
import * as m011 from './migrations/011-backoffice-staff.ts';
import * as m013 from './migrations/013-player-texts-and-reset-otp.ts';
import * as m014 from './migrations/014-deposit-statement-links.ts';
import * as m015 from './migrations/015-operator-must-change-password.ts';
import * as m016 from './migrations/016-money-desk.ts';
import * as m017 from './migrations/017-players-desk.ts';
import * as m018 from './migrations/018-home-banners.ts';
import * as m019 from './migrations/019-dashboard-day-indexes.ts';
import * as m020 from './migrations/020-promotions.ts';
import * as m021 from './migrations/021-invite-refund.ts';
import * as m022 from './migrations/022-statement-positions.ts';
import * as m023 from './migrations/023-spin-wheel.ts';
import * as m024 from './migrations/024-chat.ts';
import * as m025 from './migrations/025-player-protection.ts';
import * as m026 from './migrations/026-invite-positions.ts';
import * as m027 from './migrations/027-statement-type-index.ts';
import * as m028 from './migrations/028-desk-held-deposits.ts';
import * as m029 from './migrations/029-slip-verifier-error.ts';

type Migration = { up: (db: Parameters<typeof m001.up>[0], dialect: Db['dialect']) => Promise<void> };

/** Listed by hand, in order. A migration's name never changes once it has shipped. */
const MIGRATIONS: ReadonlyArray<[string, Migration]> = [
  ['001-foundation', m001],
  ['002-wallet-core', m002],
  ['003-deposits', m003],
  ['004-qrcodes', m004],
  ['005-slips', m005],
  ['006-lean-ledger-indexes', m006],
  ['007-slip-holds', m007],
  ['008-account-security', m008],
  ['009-bank-reference-case', m009],
  ['010-idempotency-operation', m010],
  ['011-backoffice-staff', m011],
  ['013-player-texts-and-reset-otp', m013],
  ['014-deposit-statement-links', m014],
  ['015-operator-must-change-password', m015],
  ['016-money-desk', m016],
  ['017-players-desk', m017],
  ['018-home-banners', m018],
  ['019-dashboard-day-indexes', m019],
  ['020-promotions', m020],
  ['021-invite-refund', m021],
  ['022-statement-positions', m022],
  ['023-spin-wheel', m023],
  ['024-chat', m024],
  ['025-player-protection', m025],
  ['026-invite-positions', m026],
  ['027-statement-type-index', m027],
  ['028-desk-held-deposits', m028],
  ['029-slip-verifier-error', m029],
];

/**
 * Applies pending migrations, each in its own transaction. Kysely's Migrator would work too, but it
 * cannot pass the dialect to a migration, and branching on it in one place is the convention here.
 */
export async function migrate(db: Db): Promise<string[]> {
  // Several server processes may start together on one PostgreSQL: an advisory lock on one pinned
  // connection makes them migrate one after another instead of racing.
  return db.kysely.connection().execute(async (k) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_lock(7272001)`.execute(k);
    try {
      return await applyPending(k, db.dialect);
    } finally {
      if (db.dialect === 'postgres') await sql`select pg_advisory_unlock(7272001)`.execute(k);
    }
  });
}

async function applyPending(k: Kysely<any>, dialect: Db['dialect']): Promise<string[]> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at bigint not null)`.execute(
    k,
  );
  const applied = new Set(
    (await sql<{ name: string }>`select name from schema_migrations`.execute(k)).rows.map((r) => r.name),
  );
  const ran: string[] = [];
  for (const [name, migration] of MIGRATIONS) {
    if (applied.has(name)) continue;
    await k.transaction().execute(async (trx) => {
      await migration.up(trx, dialect);
      await sql`insert into schema_migrations (name, applied_at) values (${name}, ${Date.now()})`.execute(trx);
    });
    ran.push(name);
  }
  return ran;
}
