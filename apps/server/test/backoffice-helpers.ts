import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { DEMO_OPERATOR } from '../src/db/seed/seed.ts';
import { bearer } from './helpers.ts';

/** Test helpers for the back office: sign in, make staff of a role, read the audit log. */

let addressCounter = 0;
/** A client address of its own, so one test's failed sign-ins never lock another's address. */
export function operatorAddress(): string {
  addressCounter += 1;
  return `172.16.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export async function operatorLogin(
  app: FastifyInstance,
  username: string,
  password: string,
  otp?: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/backoffice/login',
    payload: { username, password, ...(otp ? { otp } : {}) },
    remoteAddress: operatorAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export function ownerLogin(app: FastifyInstance): Promise<string> {
  return operatorLogin(app, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
}

let staffCounter = 0;
export function newOperatorName(prefix = 'staff'): string {
  staffCounter += 1;
  return `${prefix}${Date.now().toString(36)}${staffCounter}`;
}

/**
 * Makes an operator through the owner's staff route and signs them in with the temporary password;
 * unless `keepTemporary`, they then choose their own (as the back office makes them), so the session
 * can call what the role allows.
 */
export async function staffMember(
  app: FastifyInstance,
  ownerToken: string,
  role: OperatorRole,
  { keepTemporary = false }: { keepTemporary?: boolean } = {},
) {
  const username = newOperatorName(role);
  const res = await app.inject({
    method: 'POST',
    url: '/api/backoffice/staff',
    headers: bearer(ownerToken),
    payload: { username, role },
  });
  if (res.statusCode !== 200) throw new Error(`staff create failed: ${res.statusCode} ${res.body}`);
  const { operator, temporaryPassword } = res.json<{ operator: { id: string }; temporaryPassword: string }>();
  const token = await operatorLogin(app, username, temporaryPassword);
  if (keepTemporary) return { id: operator.id, username, password: temporaryPassword, token };
  const password = `own-${temporaryPassword}`;
  const changed = await app.inject({
    method: 'POST',
    url: '/api/backoffice/me/password',
    headers: bearer(token),
    payload: { currentPassword: temporaryPassword, newPassword: password },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.statusCode} ${changed.body}`);
  return { id: operator.id, username, password, token };
}

/** Calls the back-office API as one operator. */
export function operatorCaller(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

export interface AuditRowView {
  operatorId: string | null;
  operatorUsername: string;
  operatorRole: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string;
  requestId: string;
}

/** The newest audit rows of an action (read as the demo owner). */
export async function auditRows(app: FastifyInstance, query: Record<string, string>): Promise<AuditRowView[]> {
  const token = await ownerLogin(app);
  const res = await app.inject({
    method: 'GET',
    url: `/api/backoffice/audit?${new URLSearchParams({ limit: '200', ...query })}`,
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`audit read failed: ${res.statusCode} ${res.body}`);
  return res.json<{ items: AuditRowView[] }>().items;
}

export function totpCodeAt(secret: string, nowMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(nowMs / 1000) });
}
