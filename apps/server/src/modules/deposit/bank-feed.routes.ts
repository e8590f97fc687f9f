import {
  BANK_FEED_PATH,
  BANK_FEED_SIGNATURE_HEADER,
  BANK_FEED_TIMESTAMP_HEADER,
  bankFeedResponse,
} from '@wallet/contract/bank-feed';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type BankFeed, BankFeedRefused } from './bank-feed.service.ts';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * POST /api/webhooks/bank, public: the bank proves itself with the signature, not a login. The
 * signature covers the exact bytes the bank sent, so this plugin's scope (and only it) keeps JSON
 * bodies as the raw string; the service parses it after verifying.
 */
export const bankFeedRoutes: FastifyPluginAsyncZod<{ feed: BankFeed }> = async (app, { feed }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(BANK_FEED_PATH, { schema: { response: { 200: bankFeedResponse } } }, async (request) => {
    try {
      const result = await feed.receive({
        rawBody: typeof request.body === 'string' ? request.body : '',
        timestamp: header(request, BANK_FEED_TIMESTAMP_HEADER),
        signature: header(request, BANK_FEED_SIGNATURE_HEADER),
      });
      request.log.info({ reference: result.reference, status: result.status, repeated: result.repeated }, 'bank feed');
      return { reference: result.reference, status: result.status, repeated: result.repeated };
    } catch (error) {
      // Refusals are logged with their reason: a run of them means a wrong secret or someone probing.
      if (error instanceof BankFeedRefused) request.log.warn({ reason: error.reason }, 'bank feed delivery refused');
      throw error;
    }
  });
};
