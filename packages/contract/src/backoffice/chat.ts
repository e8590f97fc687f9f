import { z } from 'zod';
import { chatMessage, clientMessageId, conversation, mediaPayload } from '../chat.ts';
import { isoDateTime, text } from '../common.ts';
import { CHAT_MESSAGE_MAX } from '../constants.ts';

/**
 * The agents' console (issue 17): the support team's inbox of chat conversations, replies, canned
 * replies, private notes and the member's sidebar, under /api/backoffice/chat/. Reading needs
 * chat.read, anything that changes something chat.answer (support and owner hold both; the auditor
 * reads). Live updates come over the back-office socket (CHAT_STAFF_EVENTS in chat-events.ts).
 */

export const CHAT_CONVERSATION_STATUSES = ['open', 'ended'] as const;
export type ChatConversationStatus = (typeof CHAT_CONVERSATION_STATUSES)[number];

/** Inbox filters: open (default) or ended conversations, all of them, only mine, or nobody's yet. */
export const CHAT_INBOX_FILTERS = ['open', 'mine', 'unassigned', 'ended', 'all'] as const;
export type ChatInboxFilter = (typeof CHAT_INBOX_FILTERS)[number];

export const CANNED_REPLY_TITLE_MAX = 100;
export const CHAT_NOTE_MAX = 2000;
/** The sidebar's "last deposits" and "last withdrawals": this many each, newest first. */
export const CHAT_SIDEBAR_RECENT = 5;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);
const staffText = text({ multiline: true }).trim().min(1).max(CHAT_MESSAGE_MAX);

export const chatConversationParams = z.object({ id: text().min(1).max(40) });
export const cannedReplyParams = z.object({ id: text().min(1).max(40) });

export const chatOperatorRef = z.object({ id: z.string(), username: z.string() });
export type ChatOperatorRef = z.infer<typeof chatOperatorRef>;

/** GET /api/backoffice/chat/conversations: waiting longest first among unanswered, then newest activity. */
export const chatInboxQuery = z.object({ filter: z.enum(CHAT_INBOX_FILTERS).default('open'), page, limit });
export type ChatInboxQuery = z.input<typeof chatInboxQuery>;

/**
 * A conversation as agents see it. `id` is the conversation's own: stable, and what every console
 * route and staff event names. A guest's id never appears on this side: it is the guest's only
 * credential in the chat (it opens their history and writes as them), so it stays between the guest's
 * device and the server; a guest's conversation is the one with userId null.
 */
export const chatInboxRow = z.object({
  id: z.string(),
  status: z.enum(CHAT_CONVERSATION_STATUSES),
  /** A member's conversation has userId (and their name and username); a guest's has none. */
  userId: z.string().nullable(),
  playerName: z.string().nullable(),
  username: z.string().nullable(),
  assignedTo: chatOperatorRef.nullable(),
  /** The player's messages no agent has read yet. */
  unread: z.number().int(),
  /** The player's oldest message not yet answered by an agent; null when the player waits for nothing. */
  waitingSince: isoDateTime.nullable(),
  lastMessageAt: isoDateTime,
  /** The last message as one line of plain text ("" for media without a caption). */
  lastMessagePreview: z.string(),
  session_id: z.string(),
});
export type ChatInboxRow = z.infer<typeof chatInboxRow>;

export const chatInboxResponse = z.object({
  rows: z.array(chatInboxRow),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ChatInboxResponse = z.infer<typeof chatInboxResponse>;

/** GET /api/backoffice/chat/conversations/:id: the inbox row alone (for a deep link). */
export const chatConversationResponse = z.object({ conversation: chatInboxRow });
export type ChatConversationResponse = z.infer<typeof chatConversationResponse>;

/**
 * A message as staff see it: the player's conversation (SPEC §3) without the guest's id (see
 * chatInboxRow), plus which agent wrote a reply.
 */
export const chatStaffMessage = conversation.omit({ guestId: true }).extend({ operator: chatOperatorRef.nullable() });
export type ChatStaffMessage = z.infer<typeof chatStaffMessage>;

/** GET /api/backoffice/chat/conversations/:id/messages?skip&limit: like the player's history, oldest first. */
export const chatStaffMessagesQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const chatStaffMessagesResponse = z.object({ messages: z.array(chatStaffMessage) });
export type ChatStaffMessagesResponse = z.infer<typeof chatStaffMessagesResponse>;

/** `chat:message` on the agents' room. */
export const chatStaffMessageEvent = z.object({ conversationId: z.string(), message: chatStaffMessage });
export type ChatStaffMessageEvent = z.infer<typeof chatStaffMessageEvent>;

/** `chat:typing` from an agent's socket. */
export const chatStaffTypingInput = z.object({ conversationId: text().min(1).max(40), typing: z.boolean() });
export type ChatStaffTypingInput = z.infer<typeof chatStaffTypingInput>;
/** `chat:typing` to the agents' room: the player (customer) or an agent (other) typing. */
export const chatStaffTypingEvent = z.object({
  conversationId: z.string(),
  sender: z.enum(['customer', 'other']),
  operator: chatOperatorRef.nullable(),
  typing: z.boolean(),
});
export type ChatStaffTypingEvent = z.infer<typeof chatStaffTypingEvent>;

/** POST /api/backoffice/chat/conversations/:id/claim: the conversation becomes the caller's. */
/** POST /api/backoffice/chat/conversations/:id/assign: to another agent whose role answers chat. */
export const chatAssignPayload = z.object({ operatorId: text().min(1).max(40) });
export type ChatAssignPayload = z.infer<typeof chatAssignPayload>;

/** GET /api/backoffice/chat/agents: who a conversation can be assigned to (active, role holds chat.answer). */
export const chatAgentsResponse = z.object({ agents: z.array(chatOperatorRef) });
export type ChatAgentsResponse = z.infer<typeof chatAgentsResponse>;

/**
 * POST /api/backoffice/chat/conversations/:id/reply: text, or media uploaded first through
 * …/conversations/:id/upload-image or /upload-video (same sniffing and limits as the player's). The same
 * clientMessageId again is a no-op answering the stored message. Replying to an ended conversation
 * opens a new session.
 */
export const chatReplyPayload = z.object({
  clientMessageId,
  message: z.discriminatedUnion('message_type', [
    z.object({ message_type: z.literal('text'), payload: staffText }),
    z.object({ message_type: z.literal('media'), payload: mediaPayload }),
  ]),
});
export type ChatReplyPayload = z.input<typeof chatReplyPayload>;
export const chatReplyResponse = z.object({ message: chatStaffMessage });
export type ChatReplyResponse = z.infer<typeof chatReplyResponse>;

/** Private notes: agents only, never in a player's room or history. */
export const chatNote = z.object({
  id: z.string(),
  conversationId: z.string(),
  text: z.string(),
  operator: chatOperatorRef,
  createdAt: isoDateTime,
});
export type ChatNote = z.infer<typeof chatNote>;
/** GET / POST /api/backoffice/chat/conversations/:id/notes. */
export const chatNotesResponse = z.object({ notes: z.array(chatNote) });
export type ChatNotesResponse = z.infer<typeof chatNotesResponse>;
export const chatNotePayload = z.object({ text: text({ multiline: true }).trim().min(1).max(CHAT_NOTE_MAX) });
export type ChatNotePayload = z.infer<typeof chatNotePayload>;
export const chatNoteResponse = z.object({ note: chatNote });

/**
 * POST /api/backoffice/chat/conversations/:id/end: the player's room gets the end-of-session marker
 * (messaging, marker session_ended) and session-ended. Ending an ended conversation is ALREADY_DECIDED.
 */
/** Answer of claim, assign, end and read: the conversation's inbox row as it now stands. */
export const chatConversationChangedResponse = z.object({ conversation: chatInboxRow });
export type ChatConversationChangedResponse = z.infer<typeof chatConversationChangedResponse>;

/** One recent money movement on the sidebar (amount in baht or kip, as the player page shows). */
export const chatSidebarMovement = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.string(),
  createdAt: isoDateTime,
});

/**
 * GET /api/backoffice/chat/conversations/:id/sidebar: for a member, the wallet balance, last deposits
 * and withdrawals and the back office's player page (playerPath); for a guest, member is null.
 */
export const chatSidebarResponse = z.object({
  member: z
    .object({
      userId: z.string(),
      username: z.string(),
      name: z.string(),
      status: z.string(),
      wallet: z.number(),
      lastDeposits: z.array(chatSidebarMovement),
      lastWithdrawals: z.array(chatSidebarMovement),
      playerPath: z.string(),
    })
    .nullable(),
});
export type ChatSidebarResponse = z.infer<typeof chatSidebarResponse>;

/** Canned replies, one text per language (the agent picks the player's language). */
export const cannedReply = z.object({
  id: z.string(),
  title: z.string(),
  texts: z.object({ th: z.string(), lo: z.string(), en: z.string() }),
  updatedAt: isoDateTime,
});
export type CannedReply = z.infer<typeof cannedReply>;
const cannedText = text({ multiline: true }).trim().min(1).max(CHAT_MESSAGE_MAX);
/** POST /api/backoffice/chat/canned-replies and PUT …/:id. */
export const cannedReplyPayload = z.object({
  title: text().trim().min(1).max(CANNED_REPLY_TITLE_MAX),
  texts: z.object({ th: cannedText, lo: cannedText, en: cannedText }),
});
export type CannedReplyPayload = z.infer<typeof cannedReplyPayload>;
export const cannedRepliesResponse = z.object({ replies: z.array(cannedReply) });
export type CannedRepliesResponse = z.infer<typeof cannedRepliesResponse>;
export const cannedReplyResponse = z.object({ reply: cannedReply });
export type CannedReplyResponse = z.infer<typeof cannedReplyResponse>;

export { chatMessage };
