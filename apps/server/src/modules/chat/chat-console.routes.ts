import {
  cannedRepliesResponse,
  cannedReplyParams,
  cannedReplyPayload,
  cannedReplyResponse,
  chatAgentsResponse,
  chatAssignPayload,
  chatConversationChangedResponse,
  chatConversationParams,
  chatConversationResponse,
  chatInboxQuery,
  chatInboxResponse,
  chatNotePayload,
  chatNoteResponse,
  chatNotesResponse,
  chatReplyPayload,
  chatReplyResponse,
  chatSidebarResponse,
  chatStaffMessagesQuery,
  chatStaffMessagesResponse,
} from '@wallet/contract/backoffice/chat';
import { chatUploadResponse } from '@wallet/contract/chat';
import { messageResponse } from '@wallet/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOf } from '../../http/operator-auth.ts';
import type { AuditActor, ChatService } from './chat.service.ts';
import type { ChatUploadKind } from './chat-files.ts';
import { acceptChatUploads, readChatUpload } from './chat-upload.ts';

const BASE = '/api/backoffice/chat';
const ONE = `${BASE}/conversations/:id`;

function actorOf(request: FastifyRequest): AuditActor & { operatorId: string } {
  const operator = operatorOf(request);
  return {
    operatorId: operator.id,
    username: operator.username,
    role: operator.role,
    ip: request.ip,
    requestId: request.id,
  };
}

/**
 * The agents' console (issue 17). Permissions in the contract (BACKOFFICE_ROUTES): chat.read to look,
 * chat.answer to change; every change but a read mark is audited in its own transaction.
 */
export const chatConsoleRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  await acceptChatUploads(app);
  const params = chatConversationParams;

  app.get(
    `${BASE}/conversations`,
    { schema: { querystring: chatInboxQuery, response: { 200: chatInboxResponse } } },
    async (request) => {
      const { filter, page, limit } = request.query;
      return chat.inbox(operatorOf(request).id, filter, page, limit);
    },
  );
  app.get(ONE, { schema: { params, response: { 200: chatConversationResponse } } }, async (request) => ({
    conversation: await chat.inboxRow(request.params.id),
  }));
  app.get(
    `${ONE}/messages`,
    { schema: { params, querystring: chatStaffMessagesQuery, response: { 200: chatStaffMessagesResponse } } },
    async (request) => ({
      messages: await chat.staffMessagePage(request.params.id, request.query.skip, request.query.limit),
    }),
  );
  app.get(`${ONE}/notes`, { schema: { params, response: { 200: chatNotesResponse } } }, async (request) => ({
    notes: await chat.notes(request.params.id),
  }));
  app.post(
    `${ONE}/notes`,
    { schema: { params, body: chatNotePayload, response: { 200: chatNoteResponse } } },
    async (request) => ({ note: await chat.addNote(actorOf(request), request.params.id, request.body.text) }),
  );
  app.get(`${ONE}/sidebar`, { schema: { params, response: { 200: chatSidebarResponse } } }, async (request) =>
    chat.sidebar(request.params.id),
  );
  const changed = { params, response: { 200: chatConversationChangedResponse } };
  app.post(`${ONE}/read`, { schema: changed }, async (request) => ({
    conversation: await chat.readByStaff(request.params.id),
  }));
  app.post(`${ONE}/claim`, { schema: changed }, async (request) => ({
    conversation: await chat.claim(actorOf(request), request.params.id),
  }));
  app.post(`${ONE}/assign`, { schema: { ...changed, body: chatAssignPayload } }, async (request) => ({
    conversation: await chat.assign(actorOf(request), request.params.id, request.body.operatorId),
  }));
  app.post(`${ONE}/end`, { schema: changed }, async (request) => ({
    conversation: await chat.end(actorOf(request), request.params.id),
  }));
  app.post(
    `${ONE}/reply`,
    { schema: { params, body: chatReplyPayload, response: { 200: chatReplyResponse } } },
    async (request) => ({ message: await chat.reply(actorOf(request), request.params.id, request.body) }),
  );
  const upload = (kind: ChatUploadKind) => async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const bytes = await readChatUpload(app, request, kind);
    return chat.staffUpload(operatorOf(request).id, request.params.id, kind, bytes);
  };
  const uploadSchema = { params, response: { 200: chatUploadResponse } };
  app.post(`${ONE}/upload-image`, { schema: uploadSchema }, upload('image'));
  app.post(`${ONE}/upload-video`, { schema: uploadSchema }, upload('video'));

  app.get(`${BASE}/agents`, { schema: { response: { 200: chatAgentsResponse } } }, async () => chat.agents());
  app.get(`${BASE}/canned-replies`, { schema: { response: { 200: cannedRepliesResponse } } }, async () => ({
    replies: await chat.cannedReplies(),
  }));
  app.post(
    `${BASE}/canned-replies`,
    { schema: { body: cannedReplyPayload, response: { 200: cannedReplyResponse } } },
    async (request) => ({ reply: await chat.createCanned(actorOf(request), request.body) }),
  );
  app.put(
    `${BASE}/canned-replies/:id`,
    { schema: { params: cannedReplyParams, body: cannedReplyPayload, response: { 200: cannedReplyResponse } } },
    async (request) => ({ reply: await chat.updateCanned(actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    `${BASE}/canned-replies/:id`,
    { schema: { params: cannedReplyParams, response: { 200: messageResponse } } },
    async (request) => {
      await chat.deleteCanned(actorOf(request), request.params.id);
      return { message: 'SUCCESS' };
    },
  );
};
