import {
  CHAT_GUEST_ID_PATTERN,
  chatConfigResponse,
  chatHistoryRequest,
  chatHistoryResponse,
  chatReadPayload,
  chatSendPayload,
  chatSendResponse,
  chatUploadQuery,
  chatUploadResponse,
} from '@wallet/contract/chat';
import { text } from '@wallet/contract/common';
import { messageResponse } from '@wallet/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { bearerToken } from '../../http/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, refused, unauthenticated } from '../../lib/domain-error.ts';
import { sha256 } from '../../lib/ids.ts';
import { liveMember } from './chat.repo.ts';
import type { ChatCaller, ChatService } from './chat.service.ts';
import { CHAT_FILES_PATH, type ChatUploadKind } from './chat-files.ts';
import { acceptChatUploads, readChatUpload } from './chat-upload.ts';

export interface ChatRouteOptions {
  chat: ChatService;
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * Who calls: a member when the call carries their bearer token (a guest id beside it continues the
 * guest's conversation as theirs), else the guest of the guest id. userId without a token proves
 * nothing and is refused as a missing sign-in.
 */
async function callerOf(
  opts: ChatRouteOptions,
  request: FastifyRequest,
  claimed: { userId?: string | null | undefined; guestId?: string | null | undefined },
): Promise<ChatCaller> {
  const token = bearerToken(request);
  if (token) {
    if (token.length > 200) throw unauthenticated();
    const member = await liveMember(opts.db, sha256(token), opts.clock.now());
    if (!member) throw unauthenticated();
    if (member.status !== 'active') throw forbidden('INACTIVE_USER');
    if (claimed.guestId && CHAT_GUEST_ID_PATTERN.test(claimed.guestId)) {
      await opts.chat.continueAsMember(member.id, claimed.guestId);
    }
    return { kind: 'member', userId: member.id };
  }
  if (claimed.guestId) {
    if (!CHAT_GUEST_ID_PATTERN.test(claimed.guestId)) throw refused('KEY_INVALID', 'guestId');
    return { kind: 'guest', guestId: claimed.guestId };
  }
  if (claimed.userId) throw unauthenticated();
  throw refused('KEY_MISSING', 'guestId');
}

const fileParams = z.object({ id: text().min(1).max(40) });
const fileQuery = z.object({ sig: text().min(1).max(100) });

/**
 * The player widget's calls (SPEC §7 Chat), public: a guest has no token. Each call is the caller's
 * own conversation only (a member's from the token, a guest's from their guest id).
 */
export const publicChatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, opts) => {
  const { chat } = opts;
  await acceptChatUploads(app);

  app.get('/api/chat/config', { schema: { response: { 200: chatConfigResponse } } }, async () => {
    await chat.assertEnabled();
    return { PREFIX: chat.prefix };
  });

  app.post(
    '/api/chat/send-message',
    { schema: { body: chatSendPayload, response: { 200: chatSendResponse } } },
    async (request) => {
      const caller = await callerOf(opts, request, request.body);
      const { clientMessageId, message, deviceToken, name } = request.body;
      return chat.send(caller, request.ip, { clientMessageId, message, deviceToken, name });
    },
  );

  app.post(
    '/api/chat/history',
    { schema: { body: chatHistoryRequest, response: { 200: chatHistoryResponse } } },
    async (request) => {
      const caller = await callerOf(opts, request, request.body);
      return { conversations: await chat.history(caller, request.body.skip, request.body.limit) };
    },
  );

  app.put(
    '/api/chat/read-customer/',
    { schema: { body: chatReadPayload, response: { 200: messageResponse } } },
    async (request) => {
      await chat.readByCustomer(await callerOf(opts, request, request.body));
      return { message: 'SUCCESS' };
    },
  );

  const upload = (kind: ChatUploadKind) => async (request: FastifyRequest<{ Querystring: { guestId?: string } }>) => {
    const caller = await callerOf(opts, request, { guestId: request.query.guestId });
    // Counted before the body is read: a refused upload costs no transfer.
    await chat.checkUploadAllowance(caller, request.ip);
    const bytes = await readChatUpload(app, request, kind);
    return chat.storeUpload(caller, kind, bytes);
  };
  const uploadSchema = { querystring: chatUploadQuery, response: { 200: chatUploadResponse } };
  app.post('/api/chat/upload-image', { schema: uploadSchema }, upload('image'));
  app.post('/api/chat/upload-video', { schema: uploadSchema }, upload('video'));

  app.get(
    `${CHAT_FILES_PATH}/:id`,
    {
      schema: { params: fileParams, querystring: fileQuery },
      onSend: async (_request, reply, payload) => {
        reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
    async (request, reply) => {
      const file = await chat.file(request.params.id, request.query.sig);
      return reply
        .type(file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );
};
