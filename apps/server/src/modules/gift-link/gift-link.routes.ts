import { text } from '@wallet/contract/common';
import { truelinkKeyResponse } from '@wallet/contract/deposit';
import { apiAmount, fromMinor, toMinor } from '@wallet/contract/money';
import { type TruelinkResponse, truelinkResponse } from '@wallet/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { playerOf } from '../../http/auth.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import { notFound, refused } from '../../lib/domain-error.ts';
import { SANDBOX_GIFT_LINK_PATH, type SandboxGiftLinks } from '../../providers/payments/gift-link-sandbox.ts';
import type { GiftLinkService } from './gift-link.service.ts';

/**
 * Only presence and a sane size are checked here: the ciphertext's form is the service's business, so
 * a malformed one answers TRUELINK_INVALID like any other link that does not open.
 */
const truelinkBody = z.object({ link: text().min(1).max(4096) });

/** GET /api/wallet/truelink/key and POST /api/wallet/truelink (SPEC §7 Wallet), behind the bearer-token check. */
export const playerGiftLinkRoutes: FastifyPluginAsyncZod<{
  giftLinks: GiftLinkService;
  idempotency: Idempotency;
}> = async (app, { giftLinks, idempotency }) => {
  app.get('/api/wallet/truelink/key', { schema: { response: { 200: truelinkKeyResponse } } }, async () => ({
    publicKey: await giftLinks.publicKeyPem(),
  }));
  app.post(
    '/api/wallet/truelink',
    { schema: { body: truelinkBody, response: { 200: truelinkResponse } } },
    async (request, reply) =>
      idempotency.once(request, reply, async (tx) => {
        // The answer is stored in the transaction that credits the wallet.
        const ok = (body: TruelinkResponse) => ({ status: 200, body });
        return ok(await giftLinks.redeem(playerOf(request).id, request.body.link, tx.answering(ok)));
      }),
  );
};

const voucherQuery = z.object({ v: text().min(1).max(100) });

/**
 * The sandbox mobile-wallet provider's face: issue a voucher (what a sender does in their wallet app)
 * and look one up by its link. Links point at this server, never at a real provider's host.
 */
export const sandboxGiftLinkRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxGiftLinks; publicUrl: string }> = async (
  app,
  { sandbox, publicUrl },
) => {
  app.post(
    '/sandbox/giftlinks',
    {
      schema: {
        body: z.object({ amount: apiAmount }),
        response: { 200: z.object({ link: z.string(), voucher: z.string(), amount: z.number() }) },
      },
    },
    async (request) => {
      const amount = toMinor(request.body.amount);
      if (amount <= 0) throw refused('KEY_INVALID', 'amount');
      const voucher = await sandbox.issue(amount);
      // On the configured address: the Host header is the caller's to write, and a link built on it
      // would send whoever opens it to any host the caller named.
      const link = sandbox.linkFor(publicUrl, voucher);
      return { link, voucher, amount: fromMinor(amount) };
    },
  );
  app.get(
    SANDBOX_GIFT_LINK_PATH,
    {
      schema: {
        querystring: voucherQuery,
        // Like the real provider, a spent voucher no longer tells what it held.
        response: { 200: z.object({ voucher: z.string(), redeemed: z.boolean(), amount: z.number().optional() }) },
      },
    },
    async (request) => {
      const voucher = request.query.v.toLowerCase();
      const state = await sandbox.inspect(voucher);
      if (state.status === 'unknown') throw notFound('NO_DATA');
      if (state.status === 'redeemed') return { voucher, redeemed: true };
      return { voucher, redeemed: false, amount: fromMinor(state.amount) };
    },
  );
};
