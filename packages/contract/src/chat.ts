import { z } from 'zod';
import { isoDateTime, text } from './common.ts';
import { CHAT_HISTORY_PAGE_SIZE, CHAT_MESSAGE_MAX, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from './constants.ts';

export const CHAT_SENDERS = ['customer', 'other'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

export const CHAT_MESSAGE_TYPES = [
  'text',
  'buttons',
  'media',
  'quick_replies',
  'generic',
  'postback',
  'unknown',
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** Delivery of a message the player sends, in the order it moves through them. */
export const CHAT_DELIVERY_STATUSES = ['uploading_file', 'sending', 'failed', 'succeed'] as const;
export const chatDeliveryStatus = z.enum(CHAT_DELIVERY_STATUSES);
export type ChatDeliveryStatus = z.infer<typeof chatDeliveryStatus>;

/** Button types with an action; a button of any other type renders as a plain message (SPEC §3). */
export const CHAT_BUTTON_TYPES = ['web', 'call', 'postback'] as const;
export type ChatButtonType = (typeof CHAT_BUTTON_TYPES)[number];

export function isActionButtonType(type: string): type is ChatButtonType {
  return (CHAT_BUTTON_TYPES as readonly string[]).includes(type);
}

/** Designed here: payload is the URL (web), phone number (call) or postback value. */
export const chatButton = z.object({ type: z.string(), title: z.string(), payload: z.string() });
export type ChatButton = z.infer<typeof chatButton>;

export const CHAT_FILE_TYPES = ['image', 'video', 'file'] as const;
export type ChatFileType = (typeof CHAT_FILE_TYPES)[number];

/** Media payload (SPEC §3). url says whether filePath is already an absolute URL rather than an upload path. */
export const mediaPayload = z.object({
  message: text({ multiline: true }).max(CHAT_MESSAGE_MAX),
  url: z.boolean(),
  fileType: z.enum(CHAT_FILE_TYPES),
  filePath: text().min(1).max(2048),
});
export type MediaPayload = z.infer<typeof mediaPayload>;

const chatText = text({ multiline: true }).trim().min(1).max(CHAT_MESSAGE_MAX);

/** Card of a generic (carousel) message; designed here. */
export const chatCard = z.object({
  title: z.string(),
  subtitle: z.string().optional(),
  image: z.string().optional(),
  buttons: z.array(chatButton),
});
export type ChatCard = z.infer<typeof chatCard>;

/**
 * A chat message, split on message_type so each kind carries its own payload. Payloads other than text
 * and media are designed here; unknown keeps whatever an operator tool sent so nothing is dropped.
 */
export const chatMessage = z.discriminatedUnion('message_type', [
  z.object({ message_type: z.literal('text'), payload: z.string() }),
  z.object({ message_type: z.literal('media'), payload: mediaPayload }),
  z.object({
    message_type: z.literal('buttons'),
    payload: z.object({ text: z.string(), buttons: z.array(chatButton) }),
  }),
  z.object({
    message_type: z.literal('quick_replies'),
    payload: z.object({ text: z.string(), replies: z.array(chatButton) }),
  }),
  z.object({ message_type: z.literal('generic'), payload: z.array(chatCard) }),
  z.object({ message_type: z.literal('postback'), payload: z.string() }),
  z.object({ message_type: z.literal('unknown'), payload: z.unknown() }),
]);
export type ChatMessage = z.infer<typeof chatMessage>;

/** What a player may send: text, an uploaded file, or the value of a postback button they pressed. */
export const customerChatMessage = z.discriminatedUnion('message_type', [
  z.object({ message_type: z.literal('text'), payload: chatText }),
  z.object({ message_type: z.literal('media'), payload: mediaPayload }),
  z.object({ message_type: z.literal('postback'), payload: chatText }),
]);
export type CustomerChatMessage = z.infer<typeof customerChatMessage>;

const chatId = text().min(1).max(100);

/** Chat conversation (SPEC §3): one message with who sent it. A member has userId, a visitor guestId. */
export const conversation = z.object({
  sender: z.enum(CHAT_SENDERS),
  message: chatMessage,
  createdAt: isoDateTime,
  session_id: z.string(),
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  deviceToken: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversation>;

const hasChatIdentity = (v: { userId?: string | null; guestId?: string | null }) => Boolean(v.userId || v.guestId);

/**
 * POST /api/chat/send-message: the conversation package without what the server decides (sender,
 * createdAt). For a member the server trusts the token, not userId.
 */
export const chatSendPayload = z
  .object({
    message: customerChatMessage,
    session_id: text().max(100).optional(),
    userId: chatId.nullish(),
    guestId: chatId.nullish(),
    username: text().max(100).nullish(),
    name: text().max(100).nullish(),
    deviceToken: text().max(500).nullish(),
  })
  .refine(hasChatIdentity, { message: 'KEY_MISSING', path: ['guestId'] });
export type ChatSendPayload = z.input<typeof chatSendPayload>;

export const chatSendResponse = z.object({ createdAt: isoDateTime });
export type ChatSendResponse = z.infer<typeof chatSendResponse>;

/** POST /api/chat/history: skip counts messages newer than the page, so scrolling up raises it. */
export const chatHistoryRequest = z
  .object({
    userId: chatId.nullish(),
    guestId: chatId.nullish(),
    limit: z.number().int().min(1).max(100).default(CHAT_HISTORY_PAGE_SIZE),
    skip: z.number().int().min(0).max(1_000_000).default(0),
  })
  .refine(hasChatIdentity, { message: 'KEY_MISSING', path: ['guestId'] });
export type ChatHistoryRequest = z.input<typeof chatHistoryRequest>;

/** History (designed here): oldest first within the page, so the client prepends it as is. */
export const chatHistoryResponse = z.object({ conversations: z.array(conversation) });
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponse>;

/** POST /api/chat/upload-image and /upload-video. path goes into the media payload's filePath. */
export const chatUploadResponse = z.object({ path: z.string() });
export type ChatUploadResponse = z.infer<typeof chatUploadResponse>;

/** PUT /api/chat/read-customer/. */
export const chatReadPayload = z
  .object({ userId: chatId.nullish(), guestId: chatId.nullish() })
  .refine(hasChatIdentity, { message: 'KEY_MISSING', path: ['guestId'] });
export type ChatReadPayload = z.infer<typeof chatReadPayload>;

/** GET /api/chat/config: the room name is PREFIX followed by the user id or guest id. */
export const chatConfigResponse = z.object({ PREFIX: z.string() });
export type ChatConfigResponse = z.infer<typeof chatConfigResponse>;

export function chatRoomName(prefix: string, userOrGuestId: string): string {
  return `${prefix}${userOrGuestId}`;
}

export const CHAT_SOCKET_EVENTS = { join: 'join', messaging: 'messaging' } as const;

/** Accepted attachments (SPEC §5) by MIME type, with the size limit that applies to each. */
export const CHAT_ATTACHMENT_TYPES = {
  'video/mp4': { fileType: 'video', maxBytes: VIDEO_MAX_BYTES },
  'video/quicktime': { fileType: 'video', maxBytes: VIDEO_MAX_BYTES },
  'image/png': { fileType: 'image', maxBytes: IMAGE_MAX_BYTES },
  'image/jpeg': { fileType: 'image', maxBytes: IMAGE_MAX_BYTES },
  'image/jpg': { fileType: 'image', maxBytes: IMAGE_MAX_BYTES },
  'image/gif': { fileType: 'image', maxBytes: IMAGE_MAX_BYTES },
} as const satisfies Record<string, { fileType: ChatFileType; maxBytes: number }>;
export type ChatAttachmentMime = keyof typeof CHAT_ATTACHMENT_TYPES;
