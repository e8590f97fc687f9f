/**
 * Chat socket names and limits without Zod: the player app and the back office import these at
 * runtime, and a runtime import of chat.ts would pull Zod into their chunks. chat.ts re-exports them.
 */

/**
 * Events a player's (member's or guest's) socket sends and receives (SPEC §4, §7):
 * - `join` (client → server): the room name, PREFIX + user id or PREFIX + guest id, with an ack
 *   callback answered ChatJoinAck. Only the socket's own room is ever accepted.
 * - `messaging` (server → room): a ChatMessagingEvent (a stored message, or an end-of-session marker).
 * - `typing` (both ways): the player sends ChatTypingInput; the room receives ChatTypingEvent from staff.
 * - `read` (server → room): ChatReadEvent, staff read the player's messages up to `at`.
 * - `session-ended` (server → room): ChatSessionEndedEvent, right after the marker message.
 */
export const CHAT_SOCKET_EVENTS = {
  join: 'join',
  messaging: 'messaging',
  typing: 'typing',
  read: 'read',
  sessionEnded: 'session-ended',
} as const;

/**
 * Events of the agents' room (back-office sockets whose role holds chat.read; never a player's):
 * - `chat:message` (server → agents): ChatStaffMessageEvent, every message of every conversation.
 * - `chat:conversation` (server → agents): ChatInboxRow, a conversation's inbox row changed (new,
 *   claimed, assigned, read, ended, a guest signed in).
 * - `chat:note` (server → agents): ChatNote with its conversationId (private, never to players).
 * - `chat:typing` (both ways): the agent sends ChatStaffTypingInput; agents receive ChatStaffTypingEvent
 *   (the player typing, or another agent).
 */
export const CHAT_STAFF_EVENTS = {
  message: 'chat:message',
  conversation: 'chat:conversation',
  note: 'chat:note',
  typing: 'chat:typing',
} as const;

/** How a guest's socket says who it is: `auth: { guestId }` (a member sends `{ token }`). */
export const CHAT_GUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Per player, guest or IP address (designed here; SPEC gives no numbers). */
export const CHAT_MESSAGES_PER_MINUTE = 30;
export const CHAT_UPLOADS_PER_HOUR = 20;
/** Several players or guests may share one address (a household, a mobile carrier's NAT). */
export const CHAT_IP_ALLOWANCE_FACTOR = 4;

/** The end-of-session marker's `marker` value in a conversation. */
export const CHAT_SESSION_ENDED_MARKER = 'session_ended';

/** The multipart field of chat uploads (player and staff). */
export const CHAT_FILE_FIELD = 'file';
