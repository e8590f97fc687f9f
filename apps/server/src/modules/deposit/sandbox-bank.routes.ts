import {
  BANK_FEED_SIGNATURE_HEADER,
  BANK_FEED_TIMESTAMP_HEADER,
  BANK_TRANSFER_STATUSES,
  type BankFeedTransfer,
  bankFeedResponse,
  bankTransferView,
  sandboxBankTransferRequest,
} from '@wallet/contract/bank-feed';
import { text } from '@wallet/contract/common';
import { apiAmount, fromMinor } from '@wallet/contract/money';
import { walletMoveResponse } from '@wallet/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { ledgerCurrency } from '../../ledger/accounts.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, refused } from '../../lib/domain-error.ts';
import { orderedId } from '../../lib/ids.ts';
import { findPlayerByUsername } from './bank-feed.repo.ts';
import { type BankFeed, operatorBankAccounts } from './bank-feed.service.ts';

/**
 * The sandbox bank: it posts transfers through the real, signed bank feed, exactly as the bank would,
 * so every sandbox deposit exercises matching, recording, the once-per-reference rule and coins.
 * Registered only while sandbox providers are on.
 */
export const sandboxBankRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock; feed: BankFeed }> = async (
  app,
  { db, clock, feed },
) => {
  /** Signs the transfer with the feed's secret and delivers it through the webhook's own entry point. */
  async function deliver(transfer: BankFeedTransfer) {
    const { rawBody, headers } = feed.sign(transfer);
    return feed.receive({
      rawBody,
      timestamp: headers[BANK_FEED_TIMESTAMP_HEADER],
      signature: headers[BANK_FEED_SIGNATURE_HEADER],
    });
  }

  function sandboxReference(): string {
    return `SBX${orderedId(clock.now())}`;
  }

  // Kept as it was before the feed existed (tests, e2e and the bench fund wallets with it): a transfer
  // from the player's registered account to the operator's first AUTO bank account.
  app.post(
    '/sandbox/bank/credit',
    {
      schema: {
        body: z.object({ username: text().min(1).max(30), amount: apiAmount }),
        response: { 200: walletMoveResponse },
      },
    },
    async (request) => {
      if (request.body.amount <= 0) throw refused('KEY_INVALID', 'amount');
      const user = await findPlayerByUsername(db, request.body.username);
      if (!user) throw refused('NO_USER', 'username');
      const currency = ledgerCurrency(user.currency);
      const destination = (await operatorBankAccounts(db)).find(
        (account) => account.mode === 'AUTO' && (!account.currency || ledgerCurrency(account.currency) === currency),
      );
      if (!destination) throw conflict('NO_BANK');
      const result = await deliver({
        reference: sandboxReference(),
        mode: 'AUTO',
        to: { accountNo: destination.bankAccountNo, bankCode: destination.bankCode },
        from: { accountNo: user.bank_account_no, bankCode: user.bank_code },
        amount: request.body.amount,
        transferredAt: new Date(clock.now()).toISOString(),
      });
      if (result.walletMinor === undefined) throw conflict('TRANSFER_FAIL');
      return { message: 'SUCCESS', wallet: { amount: fromMinor(result.walletMinor) } };
    },
  );

  // Any transfer at all, as the bank would report it: the back office's "post a transfer" button.
  app.post(
    '/sandbox/bank/transfer',
    { schema: { body: sandboxBankTransferRequest, response: { 200: bankFeedResponse } } },
    async (request) => {
      const { to, from, amount, reference, fromBank, mode } = request.body;
      const result = await deliver({
        reference: reference ?? sandboxReference(),
        mode: mode ?? 'AUTO',
        to: { accountNo: to },
        from: { accountNo: from, ...(fromBank ? { bankCode: fromBank } : {}) },
        amount,
        transferredAt: new Date(clock.now()).toISOString(),
      });
      return { reference: result.reference, status: result.status, repeated: result.repeated };
    },
  );

  app.get(
    '/sandbox/bank/transfers',
    {
      schema: {
        querystring: z.object({
          status: z.enum(BANK_TRANSFER_STATUSES).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.object({ transfers: z.array(bankTransferView) }) },
      },
    },
    async (request) => ({ transfers: await feed.list(request.query) }),
  );
};
