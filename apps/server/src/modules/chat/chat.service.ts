import type { AuditAction, AuditTargetType } from '@wallet/contract/backoffice/audit-actions';
import type { ChatAgentsResponse, ChatInboxRow, ChatNote, ChatStaffMessage } from '@wallet/contract/backoffice/chat';
import { type CannedReply, type CannedReplyPayload, CHAT_SIDEBAR_RECENT } from '@wallet/contract/backoffice/chat';
import { roleCan } from '@wallet/contract/backoffice/permissions';
import { isOperatorRole, type OperatorRole } from '@wallet/contract/backoffice/roles';
import {
  CHAT_IP_ALLOWANCE_FACTOR,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_SESSION_ENDED_MARKER,
  CHAT_SOCKET_EVENTS,
  CHAT_STAFF_EVENTS,
  CHAT_UPLOADS_PER_HOUR,
  type ChatMessage,
  type ChatReadEvent,
  type ChatSessionEndedEvent,
  type Conversation,
  type CustomerChatMessage,
} from '@wallet/contract/chat';
import { fromMinor } from '@wallet/contract/money';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, limited, notFound, refused } from '../../lib/domain-error.ts';
import { orderedId, randomId } from '../../lib/ids.ts';
import {
  activeOperators,
  type ChatOwner,
  type ConversationRow,
  ensureConversation,
  findConversation,
  findConversationOf,
  findGuestLink,
  findMessageByClientId,
  type InboxFilter,
  type InboxRowData,
  inboxPage,
  inboxRow,
  insertMessage,
  type MessageRow,
  memberNames,
  memberSidebar,
  mergeGuestIntoMember,
  messagePage,
  operatorNames,
  recordCustomerMessage,
  updateConversation,
} from './chat.repo.ts';
import { type ChatFileStore, type ChatUploadKind, sniffChatFile } from './chat-files.ts';
import type { ChatCounter } from './chat-limits.ts';

/** The room name prefix of GET /api/chat/config: a room is PREFIX + user id or PREFIX + guest id. */
export const CHAT_PREFIX = 'chat-';

/** Who calls a player chat route or holds a player socket: a member (token) or a guest (guest id). */
export type ChatCaller = { kind: 'member'; userId: string } | { kind: 'guest'; guestId: string };

/** How the chat reaches sockets (realtime.ts's ChatRealtime), so the service never holds Socket.IO. */
export interface ChatPush {
  toRoom(room: string, event: string, payload: unknown): void;
  toAgents(event: string, payload: unknown, exceptSocketId?: string): void;
}

/** The audit log's "who, from where" (the back office's recordAudit takes it, handed over by app.ts). */
export interface AuditActor {
  operatorId: string | null;
  username: string;
  role: OperatorRole | null;
  ip: string;
  requestId: string;
}

export interface AuditChange {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
}

export type RecordAudit = (
  trx: Transaction<Database>,
  actor: AuditActor,
  change: AuditChange,
  now: number,
) => Promise<void>;

export interface ChatLimits {
  messagesPerMinute: number;
  uploadsPerHour: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = {
  messagesPerMinute: CHAT_MESSAGES_PER_MINUTE,
  uploadsPerHour: CHAT_UPLOADS_PER_HOUR,
};

/** The internal Socket.IO room of a conversation's player (never the client's room name). */
export function playerChatRoom(owner: { user_id: string | null; guest_id: string | null }): string {
  return owner.user_id !== null ? `chat:u:${owner.user_id}` : `chat:g:${owner.guest_id}`;
}

const ownerOf = (caller: ChatCaller): ChatOwner =>
  caller.kind === 'member' ? { userId: caller.userId } : { guestId: caller.guestId };

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function preview(message: { message_type: string; payload: unknown }): string {
  if (message.message_type === 'text' || message.message_type === 'postback') {
    return String(message.payload).replace(/\s+/g, ' ').slice(0, 120);
  }
  if (message.message_type === 'media') {
    return String((message.payload as { message?: string }).message ?? '')
      .replace(/\s+/g, ' ')
      .slice(0, 120);
  }
  return '';
}

export function toConversation(row: MessageRow): Conversation {
  return {
    id: row.id,
    clientMessageId: row.client_message_id,
    marker: row.marker === CHAT_SESSION_ENDED_MARKER ? CHAT_SESSION_ENDED_MARKER : null,
    sender: row.sender === 'customer' ? 'customer' : 'other',
    message: JSON.parse(row.message_json) as ChatMessage,
    createdAt: iso(row.created_at),
    session_id: row.session_id,
    userId: row.user_id,
    guestId: row.guest_id,
    username: row.username,
    name: row.name,
    deviceToken: row.device_token,
  };
}

function toInboxRow(row: InboxRowData): ChatInboxRow {
  return {
    id: row.id,
    status: row.status === 'ended' ? 'ended' : 'open',
    userId: row.user_id,
    playerName: row.player_name,
    username: row.player_username,
    assignedTo:
      row.assigned_operator_id !== null
        ? { id: row.assigned_operator_id, username: row.operator_username ?? '' }
        : null,
    unread: Number(row.staff_unread),
    waitingSince: row.waiting_since === null ? null : iso(row.waiting_since),
    lastMessageAt: iso(row.last_message_at),
    lastMessagePreview: row.last_preview,
    session_id: row.session_id,
  };
}

export interface ChatServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  files: ChatFileStore;
  counter: ChatCounter;
  push: ChatPush;
  recordAudit: RecordAudit;
  /** Whether the chat widget is on (the operator's setting or the environment). */
  enabled(): Promise<boolean>;
  limits?: ChatLimits;
}

export function createChatService(deps: ChatServiceDeps) {
  const { db, clock, files, counter, push } = deps;
  const limits = deps.limits ?? DEFAULT_CHAT_LIMITS;

  async function assertEnabled(): Promise<void> {
    if (!(await deps.enabled())) throw notFound('CHAT_DISABLED');
  }

  /** A guest id that became a member's is no guest's any more. */
  async function assertGuestFree(guestId: string): Promise<void> {
    if (await findGuestLink(db, guestId)) throw forbidden('CHAT_ROOM_REFUSED');
  }

  async function assertCaller(caller: ChatCaller): Promise<void> {
    await assertEnabled();
    if (caller.kind === 'guest') await assertGuestFree(caller.guestId);
  }

  async function withinLimit(caller: ChatCaller, ip: string, what: 'message' | 'upload'): Promise<void> {
    const max = what === 'message' ? limits.messagesPerMinute : limits.uploadsPerHour;
    const windowMs = what === 'message' ? 60_000 : 3_600_000;
    const who = caller.kind === 'member' ? `u:${caller.userId}` : `g:${caller.guestId}`;
    const allowed = await counter.allow(
      [
        { key: `${what}:${who}`, max },
        { key: `${what}:ip:${ip}`, max: max * CHAT_IP_ALLOWANCE_FACTOR },
      ],
      windowMs,
      clock.now(),
    );
    if (!allowed) throw limited(what === 'message' ? 'CHAT_MESSAGE_LIMIT' : 'CHAT_UPLOAD_LIMIT');
  }

  async function inboxRowOf(id: string): Promise<ChatInboxRow> {
    const row = await inboxRow(db, id);
    if (!row) throw notFound('NO_DATA');
    return toInboxRow(row);
  }

  async function announceConversation(id: string): Promise<ChatInboxRow> {
    const row = await inboxRowOf(id);
    push.toAgents(CHAT_STAFF_EVENTS.conversation, row);
    return row;
  }

  async function staffMessages(rows: MessageRow[]): Promise<ChatStaffMessage[]> {
    const ids = [...new Set(rows.map((row) => row.operator_id).filter((id): id is string => id !== null))];
    const names = new Map((await operatorNames(db, ids)).map((o) => [o.id, o.username]));
    return rows.map((row) => {
      // The guest's id is their credential: it never reaches an agent (chatStaffMessage).
      const { guestId: _credential, ...message } = toConversation(row);
      return {
        ...message,
        operator: row.operator_id === null ? null : { id: row.operator_id, username: names.get(row.operator_id) ?? '' },
      };
    });
  }

  /** After commit: the player's room, and every agent, see the message. */
  async function announceMessage(conversation: ConversationRow, row: MessageRow): Promise<void> {
    push.toRoom(playerChatRoom(conversation), CHAT_SOCKET_EVENTS.messaging, toConversation(row));
    const [message] = await staffMessages([row]);
    push.toAgents(CHAT_STAFF_EVENTS.message, { conversationId: conversation.id, message });
  }

  function newConversation(owner: ChatOwner, now: number): ConversationRow {
    return {
      id: orderedId(now),
      user_id: owner.userId ?? null,
      guest_id: owner.guestId ?? null,
      status: 'open',
      session_id: randomId(12),
      assigned_operator_id: null,
      staff_unread: 0,
      waiting_since: null,
      customer_read_at: null,
      last_message_at: now,
      last_preview: '',
      created_at: now,
    };
  }

  /** An ended conversation opens a new session when someone writes in it again. */
  async function openSession(trx: Transaction<Database>, conversation: ConversationRow): Promise<ConversationRow> {
    if (conversation.status === 'open') return conversation;
    const reopened = { ...conversation, status: 'open', session_id: randomId(12) };
    await updateConversation(trx, conversation.id, { status: 'open', session_id: reopened.session_id });
    return reopened;
  }

  /** Media a message carries must be a file uploaded into the same conversation, of the same kind. */
  async function assertOwnMedia(
    trx: Transaction<Database>,
    conversationId: string,
    message: { message_type: string; payload: unknown },
  ): Promise<void> {
    if (message.message_type !== 'media') return;
    const payload = message.payload as { url: boolean; filePath: string; fileType: string };
    const id = payload.url ? undefined : files.idOfPath(payload.filePath);
    const upload = id
      ? await trx.selectFrom('chat_uploads').selectAll().where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!upload || upload.conversation_id !== conversationId || upload.file_type !== payload.fileType) {
      throw refused('KEY_INVALID', 'message.payload.filePath');
    }
  }

  async function sameResend(existing: MessageRow, message: unknown): Promise<MessageRow> {
    if (existing.message_json !== JSON.stringify(message)) throw conflict('KEY_INVALID', 'clientMessageId');
    return existing;
  }

  return {
    prefix: CHAT_PREFIX,
    assertEnabled,
    assertCaller,

    /**
     * A member who still holds a guest id (they chatted before signing in): the guest's conversation
     * becomes theirs. A guest id already linked to another member is left alone.
     */
    async continueAsMember(userId: string, guestId: string): Promise<void> {
      const link = await findGuestLink(db, guestId);
      if (link) return;
      const now = clock.now();
      const merged = await db.transaction().execute((trx) => mergeGuestIntoMember(trx, guestId, userId, now));
      if (merged) await announceConversation(merged);
    },

    /** POST /api/chat/send-message: stored (and committed) before it is acknowledged or pushed. */
    async send(
      caller: ChatCaller,
      ip: string,
      input: {
        clientMessageId?: string | undefined;
        message: CustomerChatMessage;
        deviceToken?: string | null | undefined;
        name?: string | null | undefined;
      },
    ) {
      await assertCaller(caller);
      const owner = ownerOf(caller);
      const known = input.clientMessageId ? await findConversationOf(db, owner) : undefined;
      if (known && input.clientMessageId) {
        const existing = await findMessageByClientId(db, known.id, input.clientMessageId);
        if (existing) {
          const row = await sameResend(existing, input.message);
          return { createdAt: iso(row.created_at), id: row.id, session_id: row.session_id };
        }
      }
      await withinLimit(caller, ip, 'message');
      // A SPEC-shaped package carries no id of its own: a fresh one makes it a new message every time.
      const clientMessageId = input.clientMessageId ?? `srv-${randomId(20)}`;
      const now = clock.now();
      const names = caller.kind === 'member' ? await memberNames(db, caller.userId) : undefined;
      const result = await db.transaction().execute(async (trx) => {
        const conversation = await openSession(
          trx,
          await ensureConversation(trx, owner, () => newConversation(owner, now)),
        );
        await assertOwnMedia(trx, conversation.id, input.message);
        const row: MessageRow = {
          id: orderedId(now),
          conversation_id: conversation.id,
          session_id: conversation.session_id,
          client_message_id: clientMessageId,
          sender: 'customer',
          marker: null,
          message_json: JSON.stringify(input.message),
          operator_id: null,
          user_id: caller.kind === 'member' ? caller.userId : null,
          guest_id: caller.kind === 'guest' ? caller.guestId : null,
          username: names?.username ?? null,
          name: names?.name ?? input.name ?? null,
          device_token: input.deviceToken ?? null,
          created_at: now,
        };
        if (!(await insertMessage(trx, row))) {
          // The same message raced in on another request: answer the stored one.
          const existing = await findMessageByClientId(trx, conversation.id, clientMessageId);
          if (!existing) throw new Error('chat message vanished');
          return { conversation, row: await sameResend(existing, input.message), fresh: false };
        }
        await recordCustomerMessage(trx, conversation.id, now, preview(input.message));
        return { conversation, row, fresh: true };
      });
      if (result.fresh) {
        await announceMessage(result.conversation, result.row);
        await announceConversation(result.conversation.id);
      }
      return { createdAt: iso(result.row.created_at), id: result.row.id, session_id: result.row.session_id };
    },

    /** POST /api/chat/history: the caller's own conversation only. */
    async history(caller: ChatCaller, skip: number, limit: number): Promise<Conversation[]> {
      await assertCaller(caller);
      const conversation = await findConversationOf(db, ownerOf(caller));
      if (!conversation) return [];
      return (await messagePage(db, conversation.id, skip, limit)).map(toConversation);
    },

    /** PUT /api/chat/read-customer/: the player has read the conversation up to now. */
    async readByCustomer(caller: ChatCaller): Promise<void> {
      await assertCaller(caller);
      const conversation = await findConversationOf(db, ownerOf(caller));
      if (!conversation) return;
      await updateConversation(db, conversation.id, { customer_read_at: clock.now() });
      await announceConversation(conversation.id);
    },

    /** A player's or guest's upload: counted, sniffed, stored, bound to their conversation. */
    async checkUploadAllowance(caller: ChatCaller, ip: string): Promise<void> {
      await assertCaller(caller);
      await withinLimit(caller, ip, 'upload');
    },

    async storeUpload(caller: ChatCaller, kind: ChatUploadKind, bytes: Buffer): Promise<{ path: string }> {
      const mime = await sniffChatFile(bytes, kind);
      const now = clock.now();
      const owner = ownerOf(caller);
      const conversation = await db
        .transaction()
        .execute((trx) => ensureConversation(trx, owner, () => newConversation(owner, now)));
      return storeFile(conversation.id, kind, mime, bytes, 'customer', now);
    },

    /** GET /api/chat/files/:id?sig: the bytes and their sniffed type, for a valid signature only. */
    async file(id: string, signature: string): Promise<{ mime: string; bytes: Buffer }> {
      if (!files.verify(id, signature)) throw notFound('NO_DATA');
      const upload = await db.selectFrom('chat_uploads').selectAll().where('id', '=', id).executeTakeFirst();
      if (!upload) throw notFound('NO_DATA');
      return { mime: upload.mime, bytes: await files.read(id) };
    },

    /** The socket's `join`: only the caller's own room name, answered with the internal room. */
    async joinRoom(caller: ChatCaller, roomName: unknown): Promise<string> {
      await assertEnabled();
      const own = caller.kind === 'member' ? caller.userId : caller.guestId;
      if (typeof roomName !== 'string' || roomName !== `${CHAT_PREFIX}${own}`) throw forbidden('CHAT_ROOM_REFUSED');
      if (caller.kind === 'guest') await assertGuestFree(caller.guestId);
      return caller.kind === 'member' ? `chat:u:${caller.userId}` : `chat:g:${caller.guestId}`;
    },

    /** The player typing: agents see it on the conversation (nothing when there is none yet). */
    async customerTyping(caller: ChatCaller, typing: boolean): Promise<void> {
      const conversation = await findConversationOf(db, ownerOf(caller));
      if (!conversation) return;
      push.toAgents(CHAT_STAFF_EVENTS.typing, {
        conversationId: conversation.id,
        sender: 'customer',
        operator: null,
        typing,
      });
    },

    /** An agent typing: the player's room sees "other is typing", other agents see who. */
    async agentTyping(
      operator: { id: string; username: string },
      conversationId: string,
      typing: boolean,
      socketId: string,
    ): Promise<void> {
      const conversation = await findConversation(db, conversationId);
      if (!conversation) return;
      push.toRoom(playerChatRoom(conversation), CHAT_SOCKET_EVENTS.typing, { sender: 'other', typing });
      push.toAgents(
        CHAT_STAFF_EVENTS.typing,
        { conversationId, sender: 'other', operator: { id: operator.id, username: operator.username }, typing },
        socketId,
      );
    },

    // ---- the agents' console ----

    async inbox(operatorId: string, filter: InboxFilter, page: number, limit: number) {
      const { rows, ...count } = await inboxPage(db, filter, operatorId, page, limit);
      return { rows: rows.map(toInboxRow), ...count, page, limit };
    },

    inboxRow: inboxRowOf,

    async staffMessagePage(id: string, skip: number, limit: number): Promise<ChatStaffMessage[]> {
      await inboxRowOf(id);
      return staffMessages(await messagePage(db, id, skip, limit));
    },

    async claim(actor: AuditActor & { operatorId: string }, id: string): Promise<ChatInboxRow> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const conversation = await findConversation(trx, id);
        if (!conversation) throw notFound('NO_DATA');
        if (conversation.assigned_operator_id === actor.operatorId) return;
        if (conversation.assigned_operator_id !== null) throw conflict('CLAIMED_BY_OTHER');
        const result = await trx
          .updateTable('chat_conversations')
          .set({ assigned_operator_id: actor.operatorId })
          .where('id', '=', id)
          .where('assigned_operator_id', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw conflict('CLAIMED_BY_OTHER');
        await deps.recordAudit(
          trx,
          actor,
          {
            action: 'chat.claim',
            targetType: 'chat_conversation',
            targetId: id,
            after: { operatorId: actor.operatorId },
          },
          now,
        );
      });
      return announceConversation(id);
    },

    async assign(actor: AuditActor, id: string, operatorId: string): Promise<ChatInboxRow> {
      const now = clock.now();
      const target = (await activeOperators(db)).find((o) => o.id === operatorId);
      if (!target || !isOperatorRole(target.role) || !roleCan(target.role, 'chat.answer')) {
        throw refused('KEY_INVALID', 'operatorId');
      }
      await db.transaction().execute(async (trx) => {
        const conversation = await findConversation(trx, id);
        if (!conversation) throw notFound('NO_DATA');
        await updateConversation(trx, id, { assigned_operator_id: operatorId });
        await deps.recordAudit(
          trx,
          actor,
          {
            action: 'chat.assign',
            targetType: 'chat_conversation',
            targetId: id,
            before: { operatorId: conversation.assigned_operator_id },
            after: { operatorId },
          },
          now,
        );
      });
      return announceConversation(id);
    },

    async agents(): Promise<ChatAgentsResponse> {
      const rows = await activeOperators(db);
      return {
        agents: rows
          .filter((o) => isOperatorRole(o.role) && roleCan(o.role, 'chat.answer'))
          .map((o) => ({ id: o.id, username: o.username })),
      };
    },

    /** An agent's reply: stored, then pushed to the player's room and the agents. */
    async reply(
      actor: AuditActor & { operatorId: string },
      id: string,
      input: { clientMessageId: string; message: { message_type: 'text' | 'media'; payload: unknown } },
    ): Promise<ChatStaffMessage> {
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        const found = await findConversation(trx, id);
        if (!found) throw notFound('NO_DATA');
        const existing = await findMessageByClientId(trx, id, input.clientMessageId);
        if (existing) return { conversation: found, row: await sameResend(existing, input.message), fresh: false };
        const conversation = await openSession(trx, found);
        await assertOwnMedia(trx, id, input.message);
        const row: MessageRow = {
          id: orderedId(now),
          conversation_id: id,
          session_id: conversation.session_id,
          client_message_id: input.clientMessageId,
          sender: 'other',
          marker: null,
          message_json: JSON.stringify(input.message),
          operator_id: actor.operatorId,
          user_id: conversation.user_id,
          guest_id: conversation.guest_id,
          username: null,
          name: actor.username,
          device_token: null,
          created_at: now,
        };
        if (!(await insertMessage(trx, row))) throw conflict('KEY_INVALID', 'clientMessageId');
        await updateConversation(trx, id, {
          waiting_since: null,
          staff_unread: 0,
          last_message_at: now,
          last_preview: preview(input.message),
          assigned_operator_id: conversation.assigned_operator_id ?? actor.operatorId,
        });
        await deps.recordAudit(
          trx,
          actor,
          { action: 'chat.reply', targetType: 'chat_conversation', targetId: id, after: { messageId: row.id } },
          now,
        );
        return { conversation, row, fresh: true };
      });
      if (result.fresh) {
        await announceMessage(result.conversation, result.row);
        await announceConversation(id);
      }
      const [message] = await staffMessages([result.row]);
      return message as ChatStaffMessage;
    },

    async staffUpload(operatorId: string, id: string, kind: ChatUploadKind, bytes: Buffer): Promise<{ path: string }> {
      const conversation = await findConversation(db, id);
      if (!conversation) throw notFound('NO_DATA');
      const mime = await sniffChatFile(bytes, kind);
      return storeFile(id, kind, mime, bytes, operatorId, clock.now());
    },

    async notes(id: string): Promise<ChatNote[]> {
      await inboxRowOf(id);
      const rows = await db
        .selectFrom('chat_notes as n')
        .innerJoin('operators as o', 'o.id', 'n.operator_id')
        .select(['n.id', 'n.conversation_id', 'n.text', 'n.created_at', 'o.id as operator_id', 'o.username'])
        .where('n.conversation_id', '=', id)
        .orderBy('n.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        conversationId: row.conversation_id,
        text: row.text,
        operator: { id: row.operator_id, username: row.username },
        createdAt: iso(row.created_at),
      }));
    },

    /** A private note: agents only (the agents' room), never a player's room or history. */
    async addNote(actor: AuditActor & { operatorId: string }, id: string, text: string): Promise<ChatNote> {
      const now = clock.now();
      const noteId = orderedId(now);
      await db.transaction().execute(async (trx) => {
        if (!(await findConversation(trx, id))) throw notFound('NO_DATA');
        await trx
          .insertInto('chat_notes')
          .values({ id: noteId, conversation_id: id, operator_id: actor.operatorId, text, created_at: now })
          .execute();
        await deps.recordAudit(
          trx,
          actor,
          { action: 'chat.note', targetType: 'chat_conversation', targetId: id, after: { noteId } },
          now,
        );
      });
      const note: ChatNote = {
        id: noteId,
        conversationId: id,
        text,
        operator: { id: actor.operatorId, username: actor.username },
        createdAt: iso(now),
      };
      push.toAgents(CHAT_STAFF_EVENTS.note, note);
      return note;
    },

    /** Ends the session: the player's room gets the end-of-session marker, then session-ended. */
    async end(actor: AuditActor & { operatorId: string }, id: string): Promise<ChatInboxRow> {
      const now = clock.now();
      const { conversation, row } = await db.transaction().execute(async (trx) => {
        const found = await findConversation(trx, id);
        if (!found) throw notFound('NO_DATA');
        const result = await trx
          .updateTable('chat_conversations')
          .set({ status: 'ended', waiting_since: null, staff_unread: 0, last_message_at: now })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw conflict('ALREADY_DECIDED');
        const marker: MessageRow = {
          id: orderedId(now),
          conversation_id: id,
          session_id: found.session_id,
          client_message_id: null,
          sender: 'other',
          marker: CHAT_SESSION_ENDED_MARKER,
          message_json: JSON.stringify({ message_type: 'text', payload: '' }),
          operator_id: actor.operatorId,
          user_id: found.user_id,
          guest_id: found.guest_id,
          username: null,
          name: actor.username,
          device_token: null,
          created_at: now,
        };
        await insertMessage(trx, marker);
        await deps.recordAudit(
          trx,
          actor,
          { action: 'chat.end', targetType: 'chat_conversation', targetId: id, after: { sessionId: found.session_id } },
          now,
        );
        return { conversation: found, row: marker };
      });
      await announceMessage(conversation, row);
      const ended: ChatSessionEndedEvent = { session_id: conversation.session_id, endedAt: iso(now) };
      push.toRoom(playerChatRoom(conversation), CHAT_SOCKET_EVENTS.sessionEnded, ended);
      return announceConversation(id);
    },

    /** Staff read the conversation: its unread count drops to 0 and the player sees the read mark. */
    async readByStaff(id: string): Promise<ChatInboxRow> {
      const conversation = await findConversation(db, id);
      if (!conversation) throw notFound('NO_DATA');
      const now = clock.now();
      await updateConversation(db, id, { staff_unread: 0 });
      const read: ChatReadEvent = { reader: 'other', at: iso(now) };
      push.toRoom(playerChatRoom(conversation), CHAT_SOCKET_EVENTS.read, read);
      return announceConversation(id);
    },

    async sidebar(id: string) {
      const conversation = await findConversation(db, id);
      if (!conversation) throw notFound('NO_DATA');
      if (conversation.user_id === null) return { member: null };
      const data = await memberSidebar(db, conversation.user_id, CHAT_SIDEBAR_RECENT);
      if (!data) return { member: null };
      const movement = (row: { id: string; amount: number; status: string; created_at: number }) => ({
        id: row.id,
        amount: fromMinor(row.amount),
        status: row.status,
        createdAt: iso(row.created_at),
      });
      return {
        member: {
          userId: data.user.id,
          username: data.user.username,
          name: data.user.name,
          status: data.user.status,
          wallet: fromMinor(data.user.wallet ?? 0),
          lastDeposits: data.deposits.map(movement),
          lastWithdrawals: data.withdrawals.map(movement),
          playerPath: `/players/${data.user.id}`,
        },
      };
    },

    // ---- canned replies ----

    async cannedReplies(): Promise<CannedReply[]> {
      const rows = await db.selectFrom('chat_canned_replies').selectAll().orderBy('title').orderBy('id').execute();
      return rows.map(toCanned);
    },

    async createCanned(actor: AuditActor, input: CannedReplyPayload): Promise<CannedReply> {
      const now = clock.now();
      const row = {
        id: orderedId(now),
        title: input.title,
        text_th: input.texts.th,
        text_lo: input.texts.lo,
        text_en: input.texts.en,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('chat_canned_replies').values(row).execute();
        await deps.recordAudit(
          trx,
          actor,
          { action: 'chat.canned_create', targetType: 'canned_reply', targetId: row.id, after: input },
          now,
        );
      });
      return toCanned(row);
    },

    async updateCanned(actor: AuditActor, id: string, input: CannedReplyPayload): Promise<CannedReply> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('chat_canned_replies').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound('NO_DATA');
        const values = {
          title: input.title,
          text_th: input.texts.th,
          text_lo: input.texts.lo,
          text_en: input.texts.en,
          updated_at: now,
        };
        await trx.updateTable('chat_canned_replies').set(values).where('id', '=', id).execute();
        await deps.recordAudit(
          trx,
          actor,
          {
            action: 'chat.canned_update',
            targetType: 'canned_reply',
            targetId: id,
            before: toCanned(before),
            after: input,
          },
          now,
        );
        return toCanned({ ...before, ...values });
      });
    },

    async deleteCanned(actor: AuditActor, id: string): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('chat_canned_replies').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound('NO_DATA');
        await trx.deleteFrom('chat_canned_replies').where('id', '=', id).execute();
        await deps.recordAudit(
          trx,
          actor,
          { action: 'chat.canned_delete', targetType: 'canned_reply', targetId: id, before: toCanned(before) },
          now,
        );
      });
    },
  };

  async function storeFile(
    conversationId: string,
    kind: ChatUploadKind,
    mime: string,
    bytes: Buffer,
    uploadedBy: string,
    now: number,
  ): Promise<{ path: string }> {
    const id = randomId(20);
    await files.write(id, bytes);
    await db
      .insertInto('chat_uploads')
      .values({
        id,
        conversation_id: conversationId,
        file_type: kind,
        mime,
        size: bytes.length,
        uploaded_by: uploadedBy,
        created_at: now,
      })
      .execute();
    return { path: files.pathOf(id) };
  }
}

function toCanned(row: {
  id: string;
  title: string;
  text_th: string;
  text_lo: string;
  text_en: string;
  updated_at: number;
}): CannedReply {
  return {
    id: row.id,
    title: row.title,
    texts: { th: row.text_th, lo: row.text_lo, en: row.text_en },
    updatedAt: iso(row.updated_at),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
