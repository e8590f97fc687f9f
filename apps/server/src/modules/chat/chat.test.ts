import type { ChatInboxResponse, ChatNotesResponse, ChatStaffMessagesResponse } from '@wallet/contract/backoffice/chat';
import type { ChatHistoryResponse, Conversation } from '@wallet/contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  guestConversationId,
  newClientAddress,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { CHAT_WIDGET_SETTING } from '../../db/chat-settings.ts';
import { putSetting } from '../../db/settings.repo.ts';

let counter = 0;
const guestId = () => `guest-${Date.now().toString(36)}-${++counter}-abcdef`;
const clientId = () => `c-${Date.now().toString(36)}-${++counter}-xyz`;

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5b0000000049454e44ae426082',
  'hex',
);
/** The first bytes of an MP4 (ftyp isom box) padded out. */
const MP4 = Buffer.concat([
  Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex'),
  Buffer.alloc(64),
]);

function form(bytes: Buffer, filename: string, type: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

describe.each(testDialects())('support chat, player side and console (%s)', (dialect) => {
  let ctx: TestContext;
  let owner: string;
  let support: { id: string; token: string; username: string };
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    owner = await ownerLogin(ctx.app);
    support = await staffMember(ctx.app, owner, 'support');
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
    ctx.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  const text = (payload: string, id = clientId()) => ({
    clientMessageId: id,
    message: { message_type: 'text', payload },
  });
  const history = async (body: object, headers: Record<string, string> = {}) =>
    (await post('/api/chat/history', body, headers)).json<ChatHistoryResponse>().conversations;
  const staff = () => operatorCaller(ctx.app, support.token);
  /** The inbox row of a member's or a guest's conversation (agents never see a guest's id: the test asks the database). */
  async function conversationOf(match: { guestId?: string; userId?: string }) {
    const inbox = (
      await staff()('GET', '/api/backoffice/chat/conversations?filter=all&limit=100')
    ).json<ChatInboxResponse>();
    const guestConversation = match.guestId ? await guestConversationId(ctx.db.kysely, match.guestId) : undefined;
    const row = inbox.rows.find((r) => (match.guestId ? r.id === guestConversation : r.userId === match.userId));
    if (!row) throw new Error('no conversation');
    return row;
  }
  async function member() {
    const registered = await registerPlayer(ctx.app);
    const user = await ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', registered.phone)
      .executeTakeFirstOrThrow();
    return { ...registered, userId: user.id };
  }

  it('answers PREFIX and is on in the demo', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/chat/config' });
    expect(res.json()).toEqual({ PREFIX: 'chat-' });
  });

  it('stores a guest message before acknowledging it, and a resend of the same id is a no-op', async () => {
    const guest = guestId();
    const message = text('สวัสดี <b>not html</b>');
    const first = await post('/api/chat/send-message', { ...message, guestId: guest });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/chat/send-message', { ...message, guestId: guest });
    expect(again.json()).toEqual(first.json());
    const stored = await history({ guestId: guest });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      sender: 'customer',
      message: { message_type: 'text', payload: 'สวัสดี <b>not html</b>' },
      guestId: guest,
      userId: null,
      clientMessageId: message.clientMessageId,
    });
    // The same id with another text is not a resend.
    const changed = await post('/api/chat/send-message', { ...text('other', message.clientMessageId), guestId: guest });
    expect(changed.statusCode).toBe(409);
  });

  it('accepts a SPEC-shaped conversation package without clientMessageId: the server assigns one', async () => {
    const guest = guestId();
    // SPEC §3 "Chat conversation": sender, message, createdAt, session_id, userId, guestId, username, name, deviceToken.
    const pack = {
      sender: 'customer',
      message: { message_type: 'text', payload: 'no id from me' },
      createdAt: new Date().toISOString(),
      session_id: '',
      userId: null,
      guestId: guest,
      username: null,
      name: 'Guest',
      deviceToken: null,
    };
    const first = await post('/api/chat/send-message', pack);
    expect(first.statusCode).toBe(200);
    const second = await post('/api/chat/send-message', pack);
    expect(second.statusCode).toBe(200);
    // Without an id from the client there is nothing to de-duplicate on: two sends are two messages.
    expect(second.json().id).not.toBe(first.json().id);
    const stored = await history({ guestId: guest });
    expect(stored).toHaveLength(2);
    expect(stored[0]!.clientMessageId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(stored[0]!.clientMessageId).not.toBe(stored[1]!.clientMessageId);
  });

  it('refuses empty text, text over 2,000 characters and a call with no identity', async () => {
    const guest = guestId();
    expect((await post('/api/chat/send-message', { ...text('   '), guestId: guest })).statusCode).toBe(400);
    expect((await post('/api/chat/send-message', { ...text('a'.repeat(2001)), guestId: guest })).statusCode).toBe(400);
    expect((await post('/api/chat/send-message', { ...text('a'.repeat(2000)), guestId: guest })).statusCode).toBe(200);
    expect((await post('/api/chat/send-message', text('hi'))).statusCode).toBe(400);
    // A user id without the member's token proves nothing.
    const res = await post('/api/chat/send-message', { ...text('hi'), userId: 'DEMO000001' });
    expect(res.statusCode).toBe(401);
    expect((await post('/api/chat/history', { userId: 'DEMO000001' })).statusCode).toBe(401);
  });

  it('pages history oldest first within the page, skip counting newer messages', async () => {
    const guest = guestId();
    for (let i = 1; i <= 12; i++) {
      await post('/api/chat/send-message', { ...text(`m${i}`), guestId: guest }, {}, newClientAddress());
    }
    const page1 = await history({ guestId: guest });
    expect(page1.map((c) => c.message.payload)).toEqual([
      'm3',
      'm4',
      'm5',
      'm6',
      'm7',
      'm8',
      'm9',
      'm10',
      'm11',
      'm12',
    ]);
    const page2 = await history({ guestId: guest, skip: 10 });
    expect(page2.map((c) => c.message.payload)).toEqual(['m1', 'm2']);
  });

  it("a member's history is the token's, whatever userId the body names", async () => {
    const a = await member();
    const b = await member();
    await post('/api/chat/send-message', { ...text('from a'), userId: a.userId }, bearer(a.token));
    const asB = await history({ userId: a.userId }, bearer(b.token));
    expect(asB).toEqual([]);
    const asA = await history({ userId: a.userId }, bearer(a.token));
    expect(asA.map((c) => c.message.payload)).toEqual(['from a']);
    expect(asA[0]).toMatchObject({ userId: a.userId, guestId: null, username: a.phone });
  });

  it('continues a guest conversation as the member once they sign in', async () => {
    const guest = guestId();
    await post('/api/chat/send-message', { ...text('as a guest'), guestId: guest });
    const m = await member();
    await post('/api/chat/send-message', { ...text('as a member'), userId: m.userId, guestId: guest }, bearer(m.token));
    const mine = await history({ userId: m.userId }, bearer(m.token));
    expect(mine.map((c) => c.message.payload)).toEqual(['as a guest', 'as a member']);
    // The guest id is the member's now: as a guest it reads nothing and may write nothing.
    const asGuest = await post('/api/chat/history', { guestId: guest });
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().message).toBe('CHAT_ROOM_REFUSED');
    const row = await conversationOf({ userId: m.userId });
    expect(row).toMatchObject({ userId: m.userId, username: m.phone, unread: 2 });
  });

  it('merges a guest conversation into a member conversation that already exists', async () => {
    const m = await member();
    await post('/api/chat/send-message', { ...text('member first'), userId: m.userId }, bearer(m.token));
    const guest = guestId();
    await post('/api/chat/send-message', { ...text('then as guest'), guestId: guest });
    const mine = await history({ userId: m.userId, guestId: guest }, bearer(m.token));
    expect(mine.map((c) => c.message.payload)).toEqual(['member first', 'then as guest']);
  });

  it('limits messages per minute per guest with CHAT_MESSAGE_LIMIT, and again after a minute', async () => {
    const guest = guestId();
    const address = newClientAddress();
    for (let i = 0; i < 30; i++) {
      const res = await post('/api/chat/send-message', { ...text(`n${i}`), guestId: guest }, {}, address);
      expect(res.statusCode).toBe(200);
    }
    const over = await post('/api/chat/send-message', { ...text('one too many'), guestId: guest }, {}, address);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('CHAT_MESSAGE_LIMIT');
    // Rotating guest ids from one address meets the address's allowance.
    let refused = 0;
    for (let i = 0; i < 100; i++) {
      const res = await post('/api/chat/send-message', { ...text('x'), guestId: guestId() }, {}, address);
      if (res.statusCode === 429) refused++;
    }
    expect(refused).toBe(100 - (120 - 31));
    ctx.clock.advance(60_000);
    expect((await post('/api/chat/send-message', { ...text('later'), guestId: guest }, {}, address)).statusCode).toBe(
      200,
    );
  });

  it('uploads an image and a video by their bytes, and serves them behind the signed path only', async () => {
    const guest = guestId();
    const image = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/upload-image?guestId=${guest}`,
      payload: form(PNG, 'photo.png', 'image/png'),
    });
    expect(image.statusCode).toBe(200);
    const path = image.json<{ path: string }>().path;
    expect(path).toMatch(/^\/api\/chat\/files\/\w+\?sig=/);
    const served = await ctx.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const forged = await ctx.app.inject({ method: 'GET', url: path.replace(/sig=.*/, 'sig=AAAAAAAAAAAAAAAA') });
    expect(forged.statusCode).toBe(404);
    const video = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/upload-video?guestId=${guest}`,
      payload: form(MP4, 'clip.mp4', 'video/mp4'),
    });
    expect(video.statusCode).toBe(200);
    // The media message: only a file of this conversation.
    const media = (filePath: string, fileType: string) => ({
      clientMessageId: clientId(),
      guestId: guest,
      message: { message_type: 'media', payload: { message: '', url: false, fileType, filePath } },
    });
    expect((await post('/api/chat/send-message', media(path, 'image'))).statusCode).toBe(200);
    const other = guestId();
    const stolen = await post('/api/chat/send-message', { ...media(path, 'image'), guestId: other });
    expect(stolen.statusCode).toBe(400);
    const outside = await post('/api/chat/send-message', media('https://evil.example/x.png', 'image'));
    expect(outside.statusCode).toBe(400);
  });

  it('reads the type from the bytes: a PNG named .mp4 and an HTML page named .jpg are refused', async () => {
    const guest = guestId();
    const pngAsVideo = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/upload-video?guestId=${guest}`,
      payload: form(PNG, 'clip.mp4', 'video/mp4'),
    });
    expect(pngAsVideo.statusCode).toBe(400);
    expect(pngAsVideo.json().message).toBe('CHAT_FILE_UNSUPPORTED');
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const htmlAsJpeg = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/upload-image?guestId=${guest}`,
      payload: form(html, 'photo.jpg', 'image/jpeg'),
    });
    expect(htmlAsJpeg.statusCode).toBe(400);
    expect(htmlAsJpeg.json().message).toBe('CHAT_FILE_UNSUPPORTED');
  });

  it('refuses an image over 10 MB and a video over 20 MB', async () => {
    const guest = guestId();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const image = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/upload-image?guestId=${guest}`,
      payload: form(big, 'big.png', 'image/png'),
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe('CHAT_IMAGE_TOO_LARGE');
    const bigVideo = Buffer.concat([MP4, Buffer.alloc(20 * 1024 * 1024)]);
    const video = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/upload-video?guestId=${guest}`,
      payload: form(bigVideo, 'big.mp4', 'video/mp4'),
    });
    expect(video.statusCode).toBe(400);
    expect(video.json().message).toBe('CHAT_VIDEO_TOO_LARGE');
  });

  it("a member uploads with their token and sends the file; another member's token cannot send it", async () => {
    const m = await member();
    const other = await member();
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/upload-image',
      headers: bearer(m.token),
      payload: form(PNG, 'me.png', 'image/png'),
    });
    expect(upload.statusCode).toBe(200);
    const media = (userId: string) => ({
      clientMessageId: clientId(),
      userId,
      message: {
        message_type: 'media',
        payload: { message: 'look', url: false, fileType: 'image', filePath: upload.json().path },
      },
    });
    expect((await post('/api/chat/send-message', media(m.userId), bearer(m.token))).statusCode).toBe(200);
    expect((await post('/api/chat/send-message', media(other.userId), bearer(other.token))).statusCode).toBe(400);
    // Nobody uploads without a token or a guest id.
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/upload-image',
      payload: form(PNG, 'x.png', 'image/png'),
    });
    expect(anonymous.statusCode).toBe(400);
  });

  it('limits uploads per hour with CHAT_UPLOAD_LIMIT', async () => {
    const guest = guestId();
    const address = newClientAddress();
    const upload = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/chat/upload-image?guestId=${guest}`,
        payload: form(PNG, 'p.png', 'image/png'),
        remoteAddress: address,
      });
    for (let i = 0; i < 20; i++) expect((await upload()).statusCode).toBe(200);
    const over = await upload();
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('CHAT_UPLOAD_LIMIT');
  });

  it('marks read both ways: the player, and staff (unread drops to 0)', async () => {
    const guest = guestId();
    await post('/api/chat/send-message', { ...text('read me'), guestId: guest });
    const read = await ctx.app.inject({ method: 'PUT', url: '/api/chat/read-customer/', payload: { guestId: guest } });
    expect(read.json()).toEqual({ message: 'SUCCESS' });
    const row = await conversationOf({ guestId: guest });
    expect(row.unread).toBe(1);
    expect(row.waitingSince).not.toBeNull();
    const after = await staff()('POST', `/api/backoffice/chat/conversations/${row.id}/read`);
    expect(after.json().conversation.unread).toBe(0);
  });

  it('console: claim, assign, reply, notes, end session; notes never reach the player', async () => {
    const m = await member();
    await fundWallet(ctx.app, m.phone, 500);
    await post('/api/chat/send-message', { ...text('help please'), userId: m.userId }, bearer(m.token));
    const row = await conversationOf({ userId: m.userId });
    expect(row.assignedTo).toBeNull();
    const call = staff();
    const claimed = await call('POST', `/api/backoffice/chat/conversations/${row.id}/claim`);
    expect(claimed.json().conversation.assignedTo).toEqual({ id: support.id, username: support.username });
    const other = await staffMember(ctx.app, owner, 'support');
    const taken = await operatorCaller(ctx.app, other.token)(
      'POST',
      `/api/backoffice/chat/conversations/${row.id}/claim`,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('CLAIMED_BY_OTHER');
    const assigned = await call('POST', `/api/backoffice/chat/conversations/${row.id}/assign`, {
      operatorId: other.id,
    });
    expect(assigned.json().conversation.assignedTo.id).toBe(other.id);
    const finance = await staffMember(ctx.app, owner, 'finance');
    const wrong = await call('POST', `/api/backoffice/chat/conversations/${row.id}/assign`, { operatorId: finance.id });
    expect(wrong.statusCode).toBe(400);

    const reply = { clientMessageId: clientId(), message: { message_type: 'text', payload: 'We are on it' } };
    const replied = await call('POST', `/api/backoffice/chat/conversations/${row.id}/reply`, reply);
    expect(replied.statusCode).toBe(200);
    expect(replied.json().message).toMatchObject({ sender: 'other', operator: { id: support.id } });
    const again = await call('POST', `/api/backoffice/chat/conversations/${row.id}/reply`, reply);
    expect(again.json().message.id).toBe(replied.json().message.id);
    const note = await call('POST', `/api/backoffice/chat/conversations/${row.id}/notes`, { text: 'VIP, be kind' });
    expect(note.statusCode).toBe(200);
    const notes = (await call('GET', `/api/backoffice/chat/conversations/${row.id}/notes`)).json<ChatNotesResponse>();
    expect(notes.notes.map((n) => n.text)).toEqual(['VIP, be kind']);

    const ended = await call('POST', `/api/backoffice/chat/conversations/${row.id}/end`);
    expect(ended.json().conversation.status).toBe('ended');
    expect((await call('POST', `/api/backoffice/chat/conversations/${row.id}/end`)).statusCode).toBe(409);

    const seen = await history({ userId: m.userId, limit: 50 }, bearer(m.token));
    expect(seen.map((c: Conversation) => [c.sender, c.message.payload, c.marker])).toEqual([
      ['customer', 'help please', null],
      ['other', 'We are on it', null],
      ['other', '', 'session_ended'],
    ]);
    expect(JSON.stringify(seen)).not.toContain('VIP');
    const staffView = (
      await call('GET', `/api/backoffice/chat/conversations/${row.id}/messages`)
    ).json<ChatStaffMessagesResponse>();
    expect(staffView.messages).toHaveLength(3);

    // Writing after the end opens a new session.
    await post('/api/chat/send-message', { ...text('one more thing'), userId: m.userId }, bearer(m.token));
    const reopened = await conversationOf({ userId: m.userId });
    expect(reopened.status).toBe('open');
    expect(reopened.session_id).not.toBe(row.session_id);

    const sidebar = (await call('GET', `/api/backoffice/chat/conversations/${row.id}/sidebar`)).json();
    expect(sidebar.member).toMatchObject({ userId: m.userId, username: m.phone, wallet: 500 });
    expect(sidebar.member.lastDeposits[0]).toMatchObject({ amount: 500 });
    expect(sidebar.member.playerPath).toBe(`/players/${m.userId}`);

    const audit = await auditRows(ctx.app, { targetId: row.id });
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['chat.assign', 'chat.claim', 'chat.end', 'chat.note', 'chat.reply'].sort(),
    );
  });

  it('console: staff reply with an image uploaded through the same sniffing', async () => {
    const guest = guestId();
    await post('/api/chat/send-message', { ...text('photo?'), guestId: guest });
    const row = await conversationOf({ guestId: guest });
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/backoffice/chat/conversations/${row.id}/upload-image`,
      headers: bearer(support.token),
      payload: form(PNG, 'a.png', 'image/png'),
    });
    expect(upload.statusCode).toBe(200);
    const html = await ctx.app.inject({
      method: 'POST',
      url: `/api/backoffice/chat/conversations/${row.id}/upload-image`,
      headers: bearer(support.token),
      payload: form(Buffer.from('<html></html>'), 'a.jpg', 'image/jpeg'),
    });
    expect(html.json().message).toBe('CHAT_FILE_UNSUPPORTED');
    const filePath = upload.json().path;
    const res = await operatorCaller(ctx.app, support.token)(
      'POST',
      `/api/backoffice/chat/conversations/${row.id}/reply`,
      {
        clientMessageId: clientId(),
        message: { message_type: 'media', payload: { message: 'here', url: false, fileType: 'image', filePath } },
      },
    );
    expect(res.statusCode).toBe(200);
    const seen = await history({ guestId: guest });
    expect(seen.at(-1)?.message).toMatchObject({ message_type: 'media', payload: { filePath } });
    expect((await ctx.app.inject({ method: 'GET', url: filePath })).statusCode).toBe(200);
  });

  it('canned replies: the demo seeds two, and support creates, edits and deletes them (audited)', async () => {
    const call = staff();
    const list = await call('GET', '/api/backoffice/chat/canned-replies');
    expect(list.json().replies.length).toBeGreaterThanOrEqual(2);
    // The back office is Thai first: the seeded titles agents pick from are Thai too.
    const seeded = list.json().replies.filter((r: { id: string }) => r.id.startsWith('DEMOCANNED'));
    expect(seeded.map((r: { title: string }) => r.title).sort()).toEqual(['ตรวจสอบยอดฝาก', 'ทักทาย']);
    const texts = { th: 'ขอบคุณค่ะ', lo: 'ຂອບໃຈ', en: 'Thank you' };
    const created = await call('POST', '/api/backoffice/chat/canned-replies', { title: 'Thanks', texts });
    const id = created.json().reply.id;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/backoffice/chat/canned-replies/${id}`,
      headers: bearer(support.token),
      payload: { title: 'Thanks!', texts },
    });
    expect(updated.json().reply.title).toBe('Thanks!');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/chat/canned-replies/${id}`,
      headers: bearer(support.token),
    });
    expect(deleted.json()).toEqual({ message: 'SUCCESS' });
    const audit = await auditRows(ctx.app, { targetId: id });
    expect(audit.map((a) => a.action).sort()).toEqual([
      'chat.canned_create',
      'chat.canned_delete',
      'chat.canned_update',
    ]);
  });

  it('console routes are staff-only by permission: finance and marketing are refused, the auditor reads', async () => {
    const finance = await staffMember(ctx.app, owner, 'finance');
    const res = await operatorCaller(ctx.app, finance.token)('GET', '/api/backoffice/chat/conversations');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('NO_PERMISSION');
    const auditor = await staffMember(ctx.app, owner, 'auditor');
    const read = operatorCaller(ctx.app, auditor.token);
    expect((await read('GET', '/api/backoffice/chat/conversations')).statusCode).toBe(200);
    const guest = guestId();
    await post('/api/chat/send-message', { ...text('x'), guestId: guest });
    const row = await conversationOf({ guestId: guest });
    const reply = await read('POST', `/api/backoffice/chat/conversations/${row.id}/reply`, {
      clientMessageId: clientId(),
      message: { message_type: 'text', payload: 'no' },
    });
    expect(reply.statusCode).toBe(403);
    // A player's token is no operator's.
    const m = await member();
    const asPlayer = await ctx.app.inject({
      method: 'GET',
      url: '/api/backoffice/chat/conversations',
      headers: bearer(m.token),
    });
    expect(asPlayer.statusCode).toBe(401);
  });

  it('with chat switched off every call answers CHAT_DISABLED', async () => {
    await putSetting(ctx.db.kysely, CHAT_WIDGET_SETTING, false);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/chat/config' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('CHAT_DISABLED');
      const sent = await post('/api/chat/send-message', { ...text('x'), guestId: guestId() });
      expect(sent.json().message).toBe('CHAT_DISABLED');
      const lookup = await ctx.app.inject({ method: 'GET', url: '/api/lookup/enableChatWidget' });
      expect(lookup.json()).toEqual({ enableChatWidget: false });
    } finally {
      await putSetting(ctx.db.kysely, CHAT_WIDGET_SETTING, true);
    }
  });
});
