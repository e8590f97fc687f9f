import type { Kysely } from 'kysely';

/** QR gateway deposits and gift links. Frozen in time: never import app types. */
export async function up(_db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {}
