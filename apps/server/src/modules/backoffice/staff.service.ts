import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import type {
  StaffListResponse,
  StaffPasswordResponse,
  StaffResponse,
  StaffView,
} from '@wallet/contract/backoffice/staff';
import { passwordProblem } from '@wallet/contract/password-rule';
import type { Kysely, Transaction } from 'kysely';
import { type LoginLock, loginLockOf } from '../../db/login-failures.repo.ts';
import type { OperatorRow } from '../../db/schema/backoffice.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, notFound, refused } from '../../lib/domain-error.ts';
import { randomId, randomSecret } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import type { SessionsEnded } from '../../lib/sessions-ended.ts';
import { type AuditActor, recordAudit } from './audit.service.ts';
import { OPERATOR_LOGIN_LIMITS } from './auth.service.ts';
import * as repo from './operator.repo.ts';

export interface StaffDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  clock: Clock;
  /** An operator's sessions ended (committed: disabled, password reset): their open sockets close. */
  onSessionsEnded?: SessionsEnded;
  /** An operator's role changed (committed): their open sockets must not keep the old role's rooms. */
  onRoleChanged?(operatorId: string): void;
}

function toView(row: OperatorRow, lock: LoginLock | null): StaffView {
  return {
    id: row.id,
    username: row.username,
    role: row.role as OperatorRole,
    status: row.status === 'active' ? 'active' : 'disabled',
    totpEnabled: row.totp_secret !== null,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastLoginAt: row.last_login_at === null ? null : new Date(Number(row.last_login_at)).toISOString(),
    loginLock: lock,
  };
}

/** What the audit log keeps of an account: never a password hash or an authenticator secret. */
function auditState(row: OperatorRow) {
  return { username: row.username, role: row.role, status: row.status, totpEnabled: row.totp_secret !== null };
}

/** A first or reset password, shown once to the owner: 96 random bits, typeable. */
function temporaryPassword(): string {
  return randomSecret().slice(0, 16);
}

export function createStaffService(deps: StaffDeps) {
  const { db, clock } = deps;

  /** The account as the staff screen shows it, with its failed sign-ins of the window now running. */
  async function viewOf(row: OperatorRow): Promise<StaffView> {
    return toView(row, await loginLockOf(db, 'operator', row.username, OPERATOR_LOGIN_LIMITS, clock.now()));
  }

  async function list(): Promise<StaffListResponse> {
    return { items: await Promise.all((await repo.listOperators(db)).map(viewOf)) };
  }

  /**
   * Makes an operator account. The password is the owner's temporary one (create) or, from the
   * command line, the one typed there; either way it follows the password rule.
   */
  async function createAccount(
    actor: AuditActor,
    input: {
      username: string;
      role: OperatorRole;
      password: string;
      /** The owner made the password (create): the operator replaces it at first sign-in. */
      temporary?: boolean;
      reason?: string | undefined;
    },
  ): Promise<StaffView> {
    if (passwordProblem(input.password)) throw refused('WEAK_PASSWORD', 'password');
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    const row: OperatorRow = {
      id: randomId(12),
      username: input.username,
      password_hash: passwordHash,
      role: input.role,
      status: 'active',
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
      last_login_at: null,
      must_change_password: input.temporary ? 1 : 0,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await repo.insertOperator(trx, row);
        await recordAudit(
          trx,
          actor,
          {
            action: 'staff.create',
            targetType: 'operator',
            targetId: row.id,
            after: auditState(row),
            reason: input.reason,
          },
          now,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'username')) throw conflict('OPERATOR_EXISTS', 'username');
      throw error;
    }
    return viewOf(row);
  }

  async function create(
    actor: AuditActor,
    input: { username: string; role: OperatorRole; reason?: string | undefined },
  ): Promise<StaffPasswordResponse> {
    const password = temporaryPassword();
    const operator = await createAccount(actor, { ...input, password, temporary: true });
    return { operator, temporaryPassword: password };
  }

  /**
   * Changes another operator's account in one transaction with its audit row. `change` answers the
   * new column values, or null when the account already is as asked (nothing written, nothing logged).
   */
  async function changeAccount(
    actor: AuditActor,
    id: string,
    action: 'staff.disable' | 'staff.enable' | 'staff.reset_password' | 'staff.role',
    reason: string | undefined,
    change: (row: OperatorRow) => Promise<Partial<OperatorRow> | null> | Partial<OperatorRow> | null,
    after?: (trx: Transaction<Database>, row: OperatorRow, now: number) => Promise<void>,
  ): Promise<StaffView> {
    // Nobody changes their own role, status or password here: an owner cannot lock themselves out or
    // make themselves anything else, and an operator's own password goes through /me/password.
    if (id === actor.operatorId) throw forbidden('OWN_ACCOUNT');
    const now = clock.now();
    const changed = await db.transaction().execute(async (trx) => {
      const row = await repo.lockOperator(trx, id, deps.dialect);
      if (!row) throw notFound('NO_USER');
      const changes = await change(row);
      if (!changes) return row;
      const updated: OperatorRow = { ...row, ...changes, updated_at: now };
      await repo.updateOperator(trx, id, { ...changes, updated_at: now });
      await after?.(trx, updated, now);
      await recordAudit(
        trx,
        actor,
        { action, targetType: 'operator', targetId: id, before: auditState(row), after: auditState(updated), reason },
        now,
      );
      return updated;
    });
    return viewOf(changed);
  }

  /** A disabled operator's sessions end at once: disabling someone mid-shift takes effect on their next call. */
  async function setStatus(
    actor: AuditActor,
    id: string,
    status: 'active' | 'disabled',
    reason?: string,
  ): Promise<StaffResponse> {
    const operator = await changeAccount(
      actor,
      id,
      status === 'active' ? 'staff.enable' : 'staff.disable',
      reason,
      (row) => (row.status === status ? null : { status }),
      async (trx, row, now) => {
        if (status === 'disabled') await repo.revokeOperatorSessions(trx, row.id, now);
      },
    );
    if (status === 'disabled') deps.onSessionsEnded?.(id);
    return { operator };
  }

  async function resetPassword(
    actor: AuditActor,
    id: string,
    input: { resetTotp: boolean; reason?: string | undefined },
  ): Promise<StaffPasswordResponse> {
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    const operator = await changeAccount(
      actor,
      id,
      'staff.reset_password',
      input.reason,
      () => ({
        password_hash: passwordHash,
        must_change_password: 1,
        ...(input.resetTotp ? { totp_secret: null, totp_pending_secret: null, totp_last_step: null } : {}),
      }),
      (trx, row, now) => repo.revokeOperatorSessions(trx, row.id, now),
    );
    deps.onSessionsEnded?.(id);
    return { operator, temporaryPassword: password };
  }

  async function setRole(actor: AuditActor, id: string, role: OperatorRole, reason?: string): Promise<StaffResponse> {
    let changed = false;
    const operator = await changeAccount(
      actor,
      id,
      'staff.role',
      reason,
      (row) => (row.role === role ? null : { role }),
      async () => {
        changed = true;
      },
    );
    if (changed) deps.onRoleChanged?.(id);
    return { operator };
  }

  return { list, create, createAccount, setStatus, resetPassword, setRole };
}

export type StaffService = ReturnType<typeof createStaffService>;
