import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { CONTENT_KEYS, type ContactContent } from '../db/content-settings.ts';
import type { Database } from '../db/schema.ts';
import { getSetting } from '../db/settings.repo.ts';

/** The contact page's LINE QR, drawn from the operator's LINE link so the two can never disagree. */
export function registerLineQr(app: FastifyInstance, db: Kysely<Database>): void {
  app.get('/media/line-qr.svg', async (_request, reply) => {
    const contact = await getSetting<ContactContent>(db, CONTENT_KEYS.contact);
    if (!contact?.lineLink) return reply.status(404).send({ message: 'NO_DATA' });
    const svg = await QRCode.toString(contact.lineLink, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=300').send(svg);
  });
}
