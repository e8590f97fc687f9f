import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * The sandbox SMS gateway stores every message in its own table instead of sending it, so a person
 * (or a test) can read the OTP at GET /sandbox/sms/outbox and the back office can show it.
 */
export function sandboxSmsProvider(
  db: Kysely<Database>,
  clock: Clock,
): SmsProvider & {
  outbox(phone?: string, limit?: number): Promise<{ phone: string; text: string; createdAt: string }[]>;
} {
  return {
    async send(phone, text) {
      await db.insertInto('sandbox_sms').values({ phone, text, created_at: clock.now() }).execute();
    },
    async outbox(phone, limit = 20) {
      let query = db.selectFrom('sandbox_sms').selectAll().orderBy('id', 'desc').limit(limit);
      if (phone) query = query.where('phone', '=', phone);
      const rows = await query.execute();
      return rows.map((r) => ({ phone: r.phone, text: r.text, createdAt: new Date(r.created_at).toISOString() }));
    },
  };
}
