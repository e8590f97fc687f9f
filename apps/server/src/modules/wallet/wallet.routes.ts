import {
  activateSlotResponse,
  autoLoginParams,
  autoLoginResponse,
  gameLoginAccount,
  refreshSlotsResponse,
  resetSlotPasswordResponse,
  slotCodeParams,
  transferAllPayload,
  transferPayload,
  WALLET_CODE,
  type WalletMoveResponse,
  walletMoveResponse,
  walletResponse,
} from '@wallet/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerOf } from '../../http/auth.ts';
import type { Idempotency, KeyedTransactions, Recovery } from '../../http/idempotency.ts';
import type { WalletService } from './wallet.service.ts';

/** Wallet and game-account calls of SPEC §7 "Wallet" and "Game launch"; behind the bearer-token check. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService; idempotency: Idempotency }> = async (
  app,
  { wallet, idempotency },
) => {
  app.get('/api/wallet', { schema: { response: { 200: walletResponse } } }, async (request) =>
    wallet.getWallet(playerOf(request).id),
  );
  app.get('/api/wallet/refresh/slot', { schema: { response: { 200: refreshSlotsResponse } } }, async (request) =>
    wallet.refreshSlots(playerOf(request).id),
  );
  app.get(
    '/api/wallet/activate/:slotCode',
    { schema: { params: slotCodeParams, response: { 200: activateSlotResponse } } },
    async (request) => wallet.activate(playerOf(request).id, request.params.slotCode),
  );
  app.get(
    '/api/wallet/account/:slotCode',
    { schema: { params: slotCodeParams, response: { 200: gameLoginAccount } } },
    async (request) => wallet.loginAccount(playerOf(request).id, request.params.slotCode),
  );
  app.get(
    '/api/wallet/resetpassword/:slotCode',
    { schema: { params: slotCodeParams, response: { 200: resetSlotPasswordResponse } } },
    async (request) => wallet.resetPassword(playerOf(request).id, request.params.slotCode),
  );
  const moveResponses = { 200: walletMoveResponse, 202: walletMoveResponse };
  // A move's answer is a few dozen bytes and its body a few more: compression could only cost time, and
  // these are the busiest calls, so @fastify/compress's hooks are left off them.
  const uncompressed = { compress: false, decompress: false } as const;
  app.post(
    '/api/wallet/transfer',
    { schema: { body: transferPayload, response: moveResponses }, ...uncompressed },
    async (request, reply) => {
      const { from, to, amount } = request.body;
      const player = playerOf(request).id;
      // A move out of the wallet changes nothing before its first transaction, which then claims the
      // key as well (the claim costs no commit of its own). A move out of a game first syncs the game
      // account with its provider; a repeat must not even do that, so its key is claimed up front.
      const move = (tx: KeyedTransactions<WalletMoveResponse>) => wallet.transfer(player, from, to, amount, tx);
      const recover: Recovery<WalletMoveResponse> = {
        settle: (operation, tx) => wallet.recoverTransfer(player, { from, to, amountMajor: amount }, operation, tx),
      };
      if (from === WALLET_CODE) return idempotency.onceClaimingInWork(request, reply, move, recover);
      return idempotency.once(request, reply, move, recover);
    },
  );
  app.post(
    '/api/wallet/transferAll',
    { schema: { body: transferAllPayload, response: moveResponses }, ...uncompressed },
    async (request, reply) => {
      const player = playerOf(request).id;
      const { to } = request.body;
      const move = (tx: KeyedTransactions<WalletMoveResponse>) => wallet.transferAll(player, to, tx);
      const recover: Recovery<WalletMoveResponse> = {
        settle: (operation, tx) => wallet.recoverTransfer(player, { to, all: true }, operation, tx),
      };
      if (to !== WALLET_CODE) return idempotency.onceClaimingInWork(request, reply, move, recover);
      return idempotency.once(request, reply, move, recover);
    },
  );

  const autoLogin = { schema: { params: autoLoginParams, response: { 200: autoLoginResponse } } };
  const launch = async (
    request: { params: { provider: string; username: string; password?: string | undefined } },
    player: string,
  ) => wallet.autoLogin(player, request.params.provider, request.params.username, request.params.password);
  app.get('/api/autoLogin/:provider/:username', autoLogin, async (request) => launch(request, playerOf(request).id));
  app.get('/api/autoLogin/:provider/:username/:password', autoLogin, async (request) =>
    launch(request, playerOf(request).id),
  );
};
