import { type Kysely, sql } from 'kysely';

/**
 * Support chat (issue 17): conversations of members and guests, their messages, agents' private notes,
 * uploaded media and canned replies. Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // One conversation per member and per guest id; a guest's becomes the member's when they sign in
  // (its rows move over and the guest id is linked, chat_guest_links).
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('guest_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'ended')`))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('assigned_operator_id', 'text', (c) => c.references('operators.id'))
    .addColumn('staff_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waiting_since', 'bigint')
    .addColumn('customer_read_at', 'bigint')
    .addColumn('last_message_at', 'bigint', (c) => c.notNull())
    .addColumn('last_preview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('chat_conversations_owner', sql`(user_id is null) <> (guest_id is null)`)
    .execute();
  await db.schema
    .createIndex('chat_conversations_user_idx')
    .unique()
    .on('chat_conversations')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('chat_conversations_guest_idx')
    .unique()
    .on('chat_conversations')
    .column('guest_id')
    .execute();
  await db.schema
    .createIndex('chat_conversations_inbox_idx')
    .on('chat_conversations')
    .columns(['status', 'last_message_at'])
    .execute();

  // A guest id that became a member's: guests can no longer use it.
  await db.schema
    .createTable('chat_guest_links')
    .addColumn('guest_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .execute();

  // Ids are ordered by time (orderedId), so id order is the conversation's order. The unique client
  // id per conversation is what makes a resend a no-op.
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('client_message_id', 'text')
    .addColumn('sender', 'text', (c) => c.notNull().check(sql`sender in ('customer', 'other')`))
    .addColumn('marker', 'text')
    .addColumn('message_json', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.references('operators.id'))
    .addColumn('user_id', 'text')
    .addColumn('guest_id', 'text')
    .addColumn('username', 'text')
    .addColumn('name', 'text')
    .addColumn('device_token', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_client_idx')
    .unique()
    .on('chat_messages')
    .columns(['conversation_id', 'client_message_id'])
    .execute();
  await db.schema
    .createIndex('chat_messages_page_idx')
    .on('chat_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('chat_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id'))
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_notes_conversation_idx')
    .on('chat_notes')
    .columns(['conversation_id', 'id'])
    .execute();

  // An uploaded file belongs to one conversation; it is stored under DATA_DIR/chat by its id.
  await db.schema
    .createTable('chat_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id'))
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_canned_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text_th', 'text', (c) => c.notNull())
    .addColumn('text_lo', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
