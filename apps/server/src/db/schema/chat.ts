/** Support chat (migration 024). Times are epoch milliseconds. */
export interface ChatConversationsTable {
  id: string;
  user_id: string | null;
  guest_id: string | null;
  /** open or ended. */
  status: string;
  session_id: string;
  assigned_operator_id: string | null;
  staff_unread: number;
  waiting_since: number | null;
  customer_read_at: number | null;
  last_message_at: number;
  last_preview: string;
  created_at: number;
}

export interface ChatGuestLinksTable {
  guest_id: string;
  user_id: string;
  linked_at: number;
}

export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  session_id: string;
  client_message_id: string | null;
  /** customer or other. */
  sender: string;
  marker: string | null;
  message_json: string;
  operator_id: string | null;
  user_id: string | null;
  guest_id: string | null;
  username: string | null;
  name: string | null;
  device_token: string | null;
  created_at: number;
}

export interface ChatNotesTable {
  id: string;
  conversation_id: string;
  operator_id: string;
  text: string;
  created_at: number;
}

export interface ChatUploadsTable {
  id: string;
  conversation_id: string;
  /** image or video. */
  file_type: string;
  mime: string;
  size: number;
  /** customer, or the operator's id. */
  uploaded_by: string;
  created_at: number;
}

export interface ChatCannedRepliesTable {
  id: string;
  title: string;
  text_th: string;
  text_lo: string;
  text_en: string;
  created_at: number;
  updated_at: number;
}

export interface ChatTables {
  chat_conversations: ChatConversationsTable;
  chat_guest_links: ChatGuestLinksTable;
  chat_messages: ChatMessagesTable;
  chat_notes: ChatNotesTable;
  chat_uploads: ChatUploadsTable;
  chat_canned_replies: ChatCannedRepliesTable;
}
