import type { Kysely } from 'kysely';

/** Uploaded transfer slips. Frozen in time: never import app types. */
export async function up(_db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {}
