import { type Kysely, sql, type Transaction } from 'kysely';
import { countMatches, type ListTotal, listOffset } from '../../db/list-window.ts';
import type { ChatConversationsTable, ChatMessagesTable } from '../../db/schema/chat.ts';
import type { Database } from '../../db/schema.ts';

export type ConversationRow = ChatConversationsTable;
export type MessageRow = ChatMessagesTable;

/** Whose conversation: a member's (user id) or a guest's (guest id). */
export type ChatOwner = { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };

type Db = Kysely<Database>;

export function findConversationOf(db: Db, owner: ChatOwner): Promise<ConversationRow | undefined> {
  const query = db.selectFrom('chat_conversations').selectAll();
  return (
    owner.userId !== undefined ? query.where('user_id', '=', owner.userId) : query.where('guest_id', '=', owner.guestId)
  ).executeTakeFirst();
}

export function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The owner's conversation, made if it has none (concurrent first messages agree on one). */
export async function ensureConversation(
  trx: Transaction<Database>,
  owner: ChatOwner,
  make: () => ConversationRow,
): Promise<ConversationRow> {
  const found = await findConversationOf(trx, owner);
  if (found) return found;
  await trx
    .insertInto('chat_conversations')
    .values(make())
    .onConflict((oc) => oc.doNothing())
    .execute();
  const made = await findConversationOf(trx, owner);
  if (!made) throw new Error('chat conversation vanished');
  return made;
}

export function findMessageByClientId(
  db: Db,
  conversationId: string,
  clientMessageId: string,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('client_message_id', '=', clientMessageId)
    .executeTakeFirst();
}

/** Inserts the message unless its client id is already in the conversation; answers whether it did. */
export async function insertMessage(trx: Transaction<Database>, row: MessageRow): Promise<boolean> {
  const result = await trx
    .insertInto('chat_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['conversation_id', 'client_message_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A page of messages, oldest first; skip counts the newer messages above the page. */
export async function messagePage(db: Db, conversationId: string, skip: number, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(skip)
    .execute();
  return rows.reverse();
}

export function updateConversation(db: Db, id: string, values: Partial<Omit<ConversationRow, 'id'>>): Promise<unknown> {
  return db.updateTable('chat_conversations').set(values).where('id', '=', id).execute();
}

export async function recordCustomerMessage(
  trx: Transaction<Database>,
  id: string,
  at: number,
  preview: string,
): Promise<void> {
  await trx
    .updateTable('chat_conversations')
    .set({
      staff_unread: sql`staff_unread + 1`,
      waiting_since: sql`coalesce(waiting_since, ${at})`,
      last_message_at: at,
      last_preview: preview,
    })
    .where('id', '=', id)
    .execute();
}

export function findGuestLink(db: Db, guestId: string) {
  return db.selectFrom('chat_guest_links').selectAll().where('guest_id', '=', guestId).executeTakeFirst();
}

/**
 * The guest's conversation becomes the member's: moved whole when the member has none, else its
 * messages, notes and files join the member's conversation. Answers the member's conversation id, or
 * undefined when the guest had written nothing.
 */
export async function mergeGuestIntoMember(
  trx: Transaction<Database>,
  guestId: string,
  userId: string,
  now: number,
): Promise<string | undefined> {
  await trx
    .insertInto('chat_guest_links')
    .values({ guest_id: guestId, user_id: userId, linked_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const guest = await findConversationOf(trx, { guestId });
  if (!guest) return undefined;
  const member = await findConversationOf(trx, { userId });
  if (!member) {
    await trx
      .updateTable('chat_conversations')
      .set({ user_id: userId, guest_id: null })
      .where('id', '=', guest.id)
      .execute();
    return guest.id;
  }
  for (const table of ['chat_messages', 'chat_notes', 'chat_uploads'] as const) {
    await trx.updateTable(table).set({ conversation_id: member.id }).where('conversation_id', '=', guest.id).execute();
  }
  const waiting =
    guest.waiting_since === null
      ? member.waiting_since
      : Math.min(Number(guest.waiting_since), Number(member.waiting_since ?? guest.waiting_since));
  const guestNewer = Number(guest.last_message_at) > Number(member.last_message_at);
  await trx
    .updateTable('chat_conversations')
    .set({
      staff_unread: Number(member.staff_unread) + Number(guest.staff_unread),
      waiting_since: waiting,
      last_message_at: Math.max(Number(guest.last_message_at), Number(member.last_message_at)),
      last_preview: guestNewer ? guest.last_preview : member.last_preview,
      ...(guest.status === 'open' ? { status: 'open' } : {}),
    })
    .where('id', '=', member.id)
    .execute();
  await trx.deleteFrom('chat_conversations').where('id', '=', guest.id).execute();
  return member.id;
}

/** An inbox row: never the guest's id, which agents are not to see (the contract's chatInboxRow). */
export interface InboxRowData extends Omit<ConversationRow, 'guest_id'> {
  player_name: string | null;
  player_username: string | null;
  operator_username: string | null;
}

const inboxBase = (db: Db) =>
  db
    .selectFrom('chat_conversations as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('operators as o', 'o.id', 'c.assigned_operator_id');

export type InboxFilter = 'open' | 'mine' | 'unassigned' | 'ended' | 'all';

function filtered(db: Db, filter: InboxFilter, operatorId: string) {
  const base = inboxBase(db);
  switch (filter) {
    case 'open':
      return base.where('c.status', '=', 'open');
    case 'mine':
      return base.where('c.status', '=', 'open').where('c.assigned_operator_id', '=', operatorId);
    case 'unassigned':
      return base.where('c.status', '=', 'open').where('c.assigned_operator_id', 'is', null);
    case 'ended':
      return base.where('c.status', '=', 'ended');
    default:
      return base;
  }
}

const INBOX_COLUMNS = [
  'c.id',
  'c.user_id',
  'c.status',
  'c.session_id',
  'c.assigned_operator_id',
  'c.staff_unread',
  'c.waiting_since',
  'c.customer_read_at',
  'c.last_message_at',
  'c.last_preview',
  'c.created_at',
  'u.name as player_name',
  'u.username as player_username',
  'o.username as operator_username',
] as const;

/** Waiting players first (longest wait first), then the most recent activity. */
export async function inboxPage(
  db: Db,
  filter: InboxFilter,
  operatorId: string,
  page: number,
  limit: number,
): Promise<{ rows: InboxRowData[] } & ListTotal> {
  const count = await countMatches(db, filtered(db, filter, operatorId));
  const offset = listOffset(page, limit);
  if (offset === null) return { rows: [], ...count };
  const rows = await filtered(db, filter, operatorId)
    .select(INBOX_COLUMNS)
    .orderBy(sql`case when c.waiting_since is null then 1 else 0 end`)
    .orderBy('c.waiting_since', 'asc')
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows as InboxRowData[], ...count };
}

export async function inboxRow(db: Db, id: string): Promise<InboxRowData | undefined> {
  return (await inboxBase(db).select(INBOX_COLUMNS).where('c.id', '=', id).executeTakeFirst()) as
    | InboxRowData
    | undefined;
}

export function operatorNames(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('operators').select(['id', 'username']).where('id', 'in', ids).execute();
}

export function activeOperators(db: Db) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role'])
    .where('status', '=', 'active')
    .orderBy('username')
    .execute();
}

/** The member sidebar's read model: the wallet and the latest money movements, straight from their tables. */
export async function memberSidebar(db: Db, userId: string, recent: number) {
  const user = await db
    .selectFrom('users as u')
    .leftJoin('ledger_accounts as w', (join) => join.onRef('w.owner_id', '=', 'u.id').on('w.kind', '=', 'wallet'))
    .select(['u.id', 'u.username', 'u.name', 'u.status', 'w.balance as wallet'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const deposits = await db
    .selectFrom('statements')
    .select(['id', 'amount', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .where('statement_type', '=', 'deposit')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(recent)
    .execute();
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select(['id', 'amount', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(recent)
    .execute();
  return { user, deposits, withdrawals };
}

/** The member behind a live, active session token hash (a chat call may carry a member's token). */
export function liveMember(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.username', 'u.name', 'u.status'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
}

export function memberNames(db: Db, userId: string) {
  return db.selectFrom('users').select(['username', 'name']).where('id', '=', userId).executeTakeFirst();
}
