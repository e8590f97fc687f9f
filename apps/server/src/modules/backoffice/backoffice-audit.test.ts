import { LIST_COUNT_CAP } from '@wallet/contract/backoffice/csv-export';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperatorName, operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import { createTestContext, registeredPlayer, type TestContext, testDialects } from '../../../test/helpers.ts';
import { DEMO_OPERATOR } from '../../db/seed/seed.ts';
import { recordAudit } from './audit.service.ts';

describe.each(testDialects())('back-office audit log (%s)', (dialect) => {
  let ctx: TestContext;
  const start = Date.UTC(2026, 0, 15, 3, 0, 0);
  let memberId: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    ctx.clock.set(start);
    const owner = await ownerLogin(ctx.app);
    memberId = (await staffMember(ctx.app, owner, 'support', { keepTemporary: true })).id;
    // Rows about a player, written as a later screen would: in its own transaction, an hour apart.
    for (let i = 0; i < 3; i++) {
      ctx.clock.set(start + (i + 1) * 3600_000);
      await ctx.db.kysely.transaction().execute((trx) =>
        recordAudit(
          trx,
          { operatorId: memberId, username: 'support-x', role: 'support', ip: '10.9.9.9', requestId: `req-${i}` },
          {
            action: 'operator.login',
            targetType: 'player',
            targetId: i < 2 ? 'PLAYER00001' : 'PLAYER00002',
            // What operators and players type ends up in cells: make it hostile.
            reason: ['=HYPERLINK("http://evil","x")', '+1+1', 'say "hi", then\nleave'][i] as string,
            before: { note: '@SUM(A1)' },
            after: { note: '-2+3' },
          },
          ctx.clock.now(),
        ),
      );
    }
  });
  afterAll(async () => ctx?.close());

  const read = async (query: string) => {
    const res = await operatorCaller(ctx.app, await ownerLogin(ctx.app))('GET', `/api/backoffice/audit?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('names a player target by phone and name, so the log shows who rather than an id', async () => {
    const player = await registeredPlayer(ctx);
    await ctx.db.kysely
      .transaction()
      .execute((trx) =>
        recordAudit(
          trx,
          { operatorId: DEMO_OPERATOR.id, username: 'admin', role: 'owner', ip: '10.9.9.9', requestId: 'req-named' },
          { action: 'player.suspend', targetType: 'player', targetId: player.id, reason: 'check' },
          ctx.clock.now(),
        ),
      );
    const [row] = (await read(`playerId=${player.id}`)).items;
    expect(row.targetPlayer).toEqual({ username: player.phone, name: player.payload.name });
    // A target that is not a player, or a player id that no longer resolves, names nobody.
    const [unknown] = (await read('playerId=PLAYER00002')).items;
    expect(unknown.targetPlayer).toBeNull();
  });

  it('filters by player, operator, action and time', async () => {
    const player = await read('playerId=PLAYER00001');
    expect(player.total).toBe(2);
    expect(player.items.map((r: { requestId: string }) => r.requestId)).toEqual(['req-1', 'req-0']);
    expect((await read('targetType=player&targetId=PLAYER00002')).items[0].requestId).toBe('req-2');
    expect((await read(`operatorId=${memberId}&action=operator.login`)).total).toBe(4);
    expect((await read(`operatorId=${memberId}&action=staff.create`)).total).toBe(0);
    const from = new Date(start + 2 * 3600_000).toISOString();
    const to = new Date(start + 3 * 3600_000).toISOString();
    const window = await read(`playerId=PLAYER00001&from=${from}&to=${to}`);
    expect(window.items.map((r: { requestId: string }) => r.requestId)).toEqual(['req-1']);
    const staffCreate = await read(`action=staff.create&targetId=${memberId}`);
    expect(staffCreate.items[0]).toMatchObject({ operatorId: DEMO_OPERATOR.id, operatorUsername: 'admin' });
  });

  it('pages on the server, newest first', async () => {
    // The support operator's rows only: every read signs the owner in, which the log records too.
    const mine = `operatorId=${memberId}`;
    const all = await read(`${mine}&limit=200`);
    expect(all.total).toBe(4);
    const first = await read(`${mine}&limit=3&page=1`);
    const second = await read(`${mine}&limit=3&page=2`);
    expect(first).toMatchObject({ total: 4, page: 1, limit: 3 });
    expect([...first.items, ...second.items]).toEqual(all.items);
    expect(all.items.map((r: { at: string }) => r.at)).toEqual(
      [...all.items.map((r: { at: string }) => r.at)].sort().reverse(),
    );
    expect((await read(`${mine}&limit=3&page=3`)).items).toEqual([]);
  });

  it('exports CSV with quoting and formula cells neutralised, at both addresses', async () => {
    const token = await ownerLogin(ctx.app);
    for (const url of [
      '/api/backoffice/audit?format=csv&playerId=PLAYER00001',
      '/api/backoffice/audit.csv?playerId=PLAYER00001',
    ]) {
      const res = await operatorCaller(ctx.app, token)('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('audit.csv');
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe(
        'at,operatorUsername,operatorRole,operatorId,action,targetType,targetId,before,after,reason,ip,requestId,id',
      );
      expect(lines).toHaveLength(4); // header, two rows, the final line break
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
      expect(res.body).toContain(",'+1+1,");
      expect(res.body).not.toMatch(/,[=+@-]/);
      expect(res.body).toContain('"{""note"":""@SUM(A1)""}"');
    }
    const quoted = await operatorCaller(ctx.app, token)('GET', '/api/backoffice/audit.csv?playerId=PLAYER00002');
    expect(quoted.body).toContain('"say ""hi"", then\nleave"');
    expect(quoted.body).toContain(`"{""note"":""-2+3""}"`);
  });

  it('is append-only in the database: UPDATE and DELETE are refused', async () => {
    const before = await ctx.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();
    await expect(sql`update audit_log set reason = 'rewritten'`.execute(ctx.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(ctx.db.kysely)).rejects.toThrow(/append-only/);
    await expect(ctx.db.kysely.deleteFrom('audit_log').where('operator_id', '=', memberId).execute()).rejects.toThrow(
      /append-only/,
    );
    if (dialect === 'postgres') {
      await expect(sql`truncate audit_log`.execute(ctx.db.kysely)).rejects.toThrow(/append-only/);
    }
    expect(await ctx.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('writes nothing when the change it records is rolled back', async () => {
    const total = (await read('limit=1')).total;
    await expect(
      ctx.db.kysely.transaction().execute(async (trx) => {
        await recordAudit(
          trx,
          { operatorId: null, username: newOperatorName('ghost'), role: null, ip: 'local', requestId: 'r' },
          { action: 'staff.create' },
          ctx.clock.now(),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // Only this read's own sign-in was added.
    expect((await read('limit=1')).total).toBe(total + 1);
  });

  // Last: these rows would change the totals the tests above count.
  it('counts no further than the list window (LIST_COUNT_CAP) and pages only within it', async () => {
    const rows = Array.from({ length: LIST_COUNT_CAP + 5 }, (_, i) => ({
      id: `WINDOW${String(i).padStart(8, '0')}`,
      at: start + i,
      operator_id: null,
      operator_username: 'bulk',
      operator_role: null,
      action: i < LIST_COUNT_CAP ? 'operator.login' : 'staff.create',
      target_type: 'player',
      target_id: 'PLAYER-MANY',
      before_json: null,
      after_json: null,
      reason: null,
      ip: 'local',
      request_id: `bulk-${i}`,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await ctx.db.kysely
        .insertInto('audit_log')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const many = await read('targetId=PLAYER-MANY&limit=50');
    expect(many).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, page: 1 });
    expect(many.items).toHaveLength(50);
    // Exactly as many as the window holds is still an exact count.
    expect(await read('targetId=PLAYER-MANY&action=operator.login&limit=1')).toMatchObject({
      total: LIST_COUNT_CAP,
      totalCapped: false,
    });
    expect(await read('targetId=PLAYER-MANY&action=staff.create&limit=1')).toMatchObject({
      total: 5,
      totalCapped: false,
    });
    // The window's last page is read; past it a page is empty, its count still said.
    const last = await read(`targetId=PLAYER-MANY&limit=50&page=${LIST_COUNT_CAP / 50}`);
    expect(last.items.map((r: { requestId: string }) => r.requestId)).toEqual(
      Array.from({ length: 50 }, (_, i) => `bulk-${54 - i}`),
    );
    expect(await read(`targetId=PLAYER-MANY&limit=50&page=${LIST_COUNT_CAP / 50 + 1}`)).toMatchObject({
      items: [],
      total: LIST_COUNT_CAP,
      totalCapped: true,
    });
  });
});
