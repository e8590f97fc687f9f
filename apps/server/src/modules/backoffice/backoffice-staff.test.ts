import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  newOperatorName,
  operatorCaller,
  operatorLogin,
  ownerLogin,
  staffMember,
  totpCodeAt,
} from '../../../test/backoffice-helpers.ts';
import { createTestContext, type TestContext, testDialects } from '../../../test/helpers.ts';
import { DEMO_OPERATOR } from '../../db/seed/seed.ts';

describe.each(testDialects())('back-office staff (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());
  const asOwner = async () => operatorCaller(ctx.app, await ownerLogin(ctx.app));
  const staffList = async () =>
    (await (await asOwner())('GET', '/api/backoffice/staff')).json().items as Array<Record<string, unknown>>;

  it('creates an operator with a temporary password shown once, and logs it', async () => {
    const owner = await asOwner();
    const username = newOperatorName('new');
    const res = await owner('POST', '/api/backoffice/staff', { username, role: 'finance', reason: 'new hire' });
    expect(res.statusCode).toBe(200);
    const { operator, temporaryPassword } = res.json();
    expect(operator).toMatchObject({
      username,
      role: 'finance',
      status: 'active',
      totpEnabled: false,
      lastLoginAt: null,
    });
    expect(temporaryPassword).toHaveLength(16);
    await operatorLogin(ctx.app, username, temporaryPassword);
    expect((await staffList()).find((o) => o.id === operator.id)).toMatchObject({ username, role: 'finance' });
    const [row] = await auditRows(ctx.app, { action: 'staff.create', targetId: operator.id });
    expect(row).toMatchObject({
      operatorId: DEMO_OPERATOR.id,
      operatorRole: 'owner',
      targetType: 'operator',
      before: null,
      after: { username, role: 'finance', status: 'active', totpEnabled: false },
      reason: 'new hire',
      ip: '127.0.0.1',
    });
    expect(row?.requestId).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(temporaryPassword);

    const again = await owner('POST', '/api/backoffice/staff', { username: username.toUpperCase(), role: 'support' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'OPERATOR_EXISTS', field: 'username' });
  });

  it('disables an operator (their sessions end at once) and enables them again, logging both', async () => {
    const member = await staffMember(ctx.app, await ownerLogin(ctx.app), 'support');
    const owner = await asOwner();
    const disabled = await owner('POST', `/api/backoffice/staff/${member.id}/disable`, { reason: 'left the team' });
    expect(disabled.json().operator.status).toBe('disabled');
    expect((await operatorCaller(ctx.app, member.token)('GET', '/api/backoffice/me')).statusCode).toBe(401);
    const [off] = await auditRows(ctx.app, { action: 'staff.disable', targetId: member.id });
    expect(off).toMatchObject({ before: { status: 'active' }, after: { status: 'disabled' }, reason: 'left the team' });

    // Disabling twice changes nothing and logs nothing.
    await owner('POST', `/api/backoffice/staff/${member.id}/disable`);
    expect(await auditRows(ctx.app, { action: 'staff.disable', targetId: member.id })).toHaveLength(1);

    const enabled = await owner('POST', `/api/backoffice/staff/${member.id}/enable`, {});
    expect(enabled.json().operator.status).toBe('active');
    await operatorLogin(ctx.app, member.username, member.password);
    const [on] = await auditRows(ctx.app, { action: 'staff.enable', targetId: member.id });
    expect(on).toMatchObject({ before: { status: 'disabled' }, after: { status: 'active' }, reason: null });
  });

  it('resets a password (and on request the two-factor), ending the operator’s sessions', async () => {
    const member = await staffMember(ctx.app, await ownerLogin(ctx.app), 'finance');
    const self = operatorCaller(ctx.app, member.token);
    const { secret } = (await self('POST', '/api/backoffice/me/totp/setup')).json();
    await self('POST', '/api/backoffice/me/totp/enable', { otp: await totpCodeAt(secret, ctx.clock.now()) });

    const owner = await asOwner();
    const reset = await owner('POST', `/api/backoffice/staff/${member.id}/reset-password`, {
      resetTotp: true,
      reason: 'lost phone',
    });
    expect(reset.statusCode).toBe(200);
    const { operator, temporaryPassword } = reset.json();
    expect(operator.totpEnabled).toBe(false);
    expect((await self('GET', '/api/backoffice/me')).statusCode).toBe(401);
    await expect(operatorLogin(ctx.app, member.username, member.password)).rejects.toThrow('WRONG_CREDENTIAL');
    await operatorLogin(ctx.app, member.username, temporaryPassword);
    const [row] = await auditRows(ctx.app, { action: 'staff.reset_password', targetId: member.id });
    expect(row).toMatchObject({ before: { totpEnabled: true }, after: { totpEnabled: false }, reason: 'lost phone' });
    expect(JSON.stringify(row)).not.toContain(temporaryPassword);
  });

  it('changes another operator’s role and logs before and after', async () => {
    const member = await staffMember(ctx.app, await ownerLogin(ctx.app), 'support');
    const owner = await asOwner();
    const res = await owner('POST', `/api/backoffice/staff/${member.id}/role`, { role: 'auditor', reason: 'audit' });
    expect(res.json().operator.role).toBe('auditor');
    // The new role holds from the operator's next call, without signing in again.
    const me = await operatorCaller(ctx.app, member.token)('GET', '/api/backoffice/me');
    expect(me.json().role).toBe('auditor');
    const [row] = await auditRows(ctx.app, { action: 'staff.role', targetId: member.id });
    expect(row).toMatchObject({ before: { role: 'support' }, after: { role: 'auditor' }, reason: 'audit' });
  });

  it('refuses an operator acting on their own account: no raising their own role, no locking themselves out', async () => {
    const owner = await asOwner();
    const member = await staffMember(ctx.app, await ownerLogin(ctx.app), 'owner');
    const self = operatorCaller(ctx.app, member.token);
    const before = await staffList();
    for (const [path, payload] of [
      ['role', { role: 'finance' }],
      ['disable', {}],
      ['enable', {}],
      ['reset-password', {}],
    ] as const) {
      const res = await self('POST', `/api/backoffice/staff/${member.id}/${path}`, payload);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe('OWN_ACCOUNT');
    }
    // A support operator cannot raise themselves either: staff routes are the owner's.
    const support = await staffMember(ctx.app, await ownerLogin(ctx.app), 'support');
    const raise = await operatorCaller(ctx.app, support.token)('POST', `/api/backoffice/staff/${support.id}/role`, {
      role: 'owner',
    });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toBe('NO_PERMISSION');
    const after = await staffList();
    expect(after.filter((o) => before.some((b) => b.id === o.id))).toEqual(before);
    expect(after.find((o) => o.id === support.id)?.role).toBe('support');
    await owner('GET', '/api/backoffice/me');
  });

  describe('bad input: a clear 4xx and nothing changed', () => {
    it.each([
      ['POST', '/api/backoffice/login', {}, 400, 'KEY_MISSING'],
      ['POST', '/api/backoffice/login', { username: 'admin', password: 'x', otp: '12ab56' }, 400, 'KEY_INVALID'],
      ['POST', '/api/backoffice/login', { username: 'ad\u0000min', password: 'admin1234' }, 400, 'KEY_INVALID'],
      ['POST', '/api/backoffice/staff', { username: 'x', role: 'owner' }, 400, 'KEY_INVALID'],
      ['POST', '/api/backoffice/staff', { username: 'valid-name', role: 'king' }, 400, 'KEY_INVALID'],
      ['POST', '/api/backoffice/staff', { username: '=cmd|calc', role: 'support' }, 400, 'KEY_INVALID'],
      ['POST', '/api/backoffice/staff/NOSUCHOPERATOR/disable', {}, 404, 'NO_USER'],
      ['POST', '/api/backoffice/staff/NOSUCHOPERATOR/enable', {}, 404, 'NO_USER'],
      ['POST', '/api/backoffice/staff/NOSUCHOPERATOR/reset-password', {}, 404, 'NO_USER'],
      ['POST', '/api/backoffice/staff/NOSUCHOPERATOR/role', { role: 'auditor' }, 404, 'NO_USER'],
      ['POST', `/api/backoffice/staff/${DEMO_OPERATOR.id}/role`, { role: 'emperor' }, 400, 'KEY_INVALID'],
      ['POST', `/api/backoffice/staff/${DEMO_OPERATOR.id}/reset-password`, { resetTotp: 'yes' }, 400, 'KEY_INVALID'],
      ['POST', `/api/backoffice/staff/${DEMO_OPERATOR.id}/disable`, { reason: 'x'.repeat(501) }, 400, 'KEY_INVALID'],
      ['POST', '/api/backoffice/me/password', { currentPassword: 'admin1234' }, 400, 'KEY_MISSING'],
      [
        'POST',
        '/api/backoffice/me/password',
        { currentPassword: 'admin1234', newPassword: 'short' },
        400,
        'WEAK_PASSWORD',
      ],
      ['POST', '/api/backoffice/me/totp/enable', { otp: 123456 }, 400, 'KEY_INVALID'],
      ['GET', '/api/backoffice/audit?page=0', undefined, 400, 'KEY_INVALID'],
      ['GET', '/api/backoffice/audit?limit=1000', undefined, 400, 'KEY_INVALID'],
      ['GET', '/api/backoffice/audit?from=yesterday', undefined, 400, 'KEY_INVALID'],
      ['GET', '/api/backoffice/audit?format=xlsx', undefined, 400, 'KEY_INVALID'],
    ] as const)('%s %s %j → %i %s', async (method, url, payload, status, message) => {
      const owner = await asOwner();
      const staffBefore = await staffList();
      const auditBefore = (await owner('GET', '/api/backoffice/audit?limit=1')).json().total;
      const res = await owner(method, url, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await staffList()).toEqual(staffBefore);
      // Only sign-ins (this test's own owner sessions) were logged meanwhile.
      const since = (await owner('GET', `/api/backoffice/audit?limit=200`)).json();
      const added = since.items.slice(0, since.total - auditBefore) as Array<{ action: string }>;
      expect(added.every((r) => r.action === 'operator.login' || r.action === 'operator.login_failed')).toBe(true);
    });
  });
});
