import { BACKOFFICE_ROUTES, type BackofficeRoute, roleCan } from '@wallet/contract/backoffice/permissions';
import { OPERATOR_ROLES, type OperatorRole } from '@wallet/contract/backoffice/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  PRODUCTION_SECRETS,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStaffService } from './staff.service.ts';

/**
 * A call that reaches the handler without changing anything when the role may make it: a missing
 * operator id (404) or a body that fails validation (400). The check runs before either, so a role
 * without the permission gets 403 whatever is sent.
 */
function harmlessCall(route: BackofficeRoute): { method: 'GET' | 'POST'; url: string; payload?: object } {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string];
  const url = path.replace(':id', 'NOSUCHOPERATOR');
  if (method === 'GET') return { method, url };
  if (route === 'POST /api/backoffice/logout' || route === 'POST /api/backoffice/me/totp/setup') return { method, url };
  if (url.includes('NOSUCHOPERATOR')) return { method, url, payload: { role: 'auditor' } };
  return { method, url, payload: {} };
}

describe.each(testDialects())('back-office permissions (%s)', (dialect) => {
  let ctx: TestContext;
  const tokens = new Map<OperatorRole, () => Promise<string>>();
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const owner = await ownerLogin(ctx.app);
    for (const role of OPERATOR_ROLES) {
      const member = await staffMember(ctx.app, owner, role);
      // A fresh session per call: logout and setup must not disturb the next route's check.
      tokens.set(role, async () => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/backoffice/login',
          payload: { username: member.username, password: member.password },
        });
        return res.json().token;
      });
    }
  });
  afterAll(async () => ctx?.close());

  const cases = (Object.keys(BACKOFFICE_ROUTES) as BackofficeRoute[]).flatMap((route) =>
    OPERATOR_ROLES.map((role) => [route, role] as const),
  );

  it.each(cases)('%s as %s: allowed exactly when the contract says so', async (route, role) => {
    const permission = BACKOFFICE_ROUTES[route];
    const allowed = permission === 'public' || roleCan(role, permission);
    const token = await (tokens.get(role) as () => Promise<string>)();
    const call = harmlessCall(route);
    const res = await ctx.app.inject({ ...call, headers: bearer(token) });
    if (allowed) {
      expect([401, 403], `${route} as ${role}: ${res.body}`).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('NO_PERMISSION');
    }
  });

  it('declares every back-office route the server has in the contract, and no other', async () => {
    const declared = new Set(Object.keys(BACKOFFICE_ROUTES));
    const served = new Set<string>();
    for (const key of declared) {
      const [method, path] = key.split(' ') as [string, string];
      if (ctx.app.hasRoute({ method: method as 'GET', url: path })) served.add(key);
    }
    expect([...served].sort()).toEqual([...declared].sort());
  });
});

describe.each(testDialects())('back office in production (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { NODE_ENV: 'production', ...PRODUCTION_SECRETS });
  });
  afterAll(async () => ctx?.close());

  it('seeds no demo owner', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/backoffice/login',
      payload: { username: 'admin', password: 'admin1234' },
    });
    expect(res.json().message).toBe('WRONG_CREDENTIAL');
  });

  it.each(['owner', 'finance'] as const)('lets %s do nothing but enrol two-factor until enrolled', async (role) => {
    const staff = createStaffService({ db: ctx.db.kysely, dialect: ctx.db.dialect, clock: systemClock });
    const username = `prod-${role}-${Date.now().toString(36)}`;
    await staff.createAccount(
      { operatorId: null, username: 'test', role: null, ip: 'local', requestId: 'test' },
      { username, role, password: 'Prod-Password-77' },
    );
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/backoffice/login',
      payload: { username, password: 'Prod-Password-77' },
    });
    const token = login.json().token;
    const call = (method: 'GET' | 'POST', url: string) => ctx.app.inject({ method, url, headers: bearer(token) });
    const refused = await call('GET', role === 'owner' ? '/api/backoffice/staff' : '/api/backoffice/me');
    if (role === 'owner') {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('TOTP_ENROLMENT_REQUIRED');
    }
    const me = await call('GET', '/api/backoffice/me');
    expect(me.json()).toMatchObject({ totpEnabled: false, totpEnrolmentRequired: true });
    expect((await call('POST', '/api/backoffice/me/totp/setup')).statusCode).toBe(200);
  });

  it('lets support act without two-factor', async () => {
    const staff = createStaffService({ db: ctx.db.kysely, dialect: ctx.db.dialect, clock: systemClock });
    const username = `prod-support-${Date.now().toString(36)}`;
    await staff.createAccount(
      { operatorId: null, username: 'test', role: null, ip: 'local', requestId: 'test' },
      { username, role: 'support', password: 'Prod-Password-77' },
    );
    const token = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/backoffice/login',
        payload: { username, password: 'Prod-Password-77' },
      })
    ).json().token;
    const me = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ role: 'support', totpEnrolmentRequired: false });
  });
});
