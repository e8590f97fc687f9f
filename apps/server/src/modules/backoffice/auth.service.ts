import type {
  OperatorLoginPayload,
  OperatorLoginResponse,
  OperatorMeResponse,
  OperatorPasswordPayload,
  TotpSetupResponse,
} from '@wallet/contract/backoffice/auth';
import { ROLE_PERMISSIONS } from '@wallet/contract/backoffice/permissions';
import { isOperatorRole, OPERATOR_SESSION_IDLE_MS, OPERATOR_SESSION_MAX_MS } from '@wallet/contract/backoffice/roles';
import type { Kysely } from 'kysely';
import { accountFailureKey, beginLoginAttempt, type LoginLock, loginLockOf } from '../../db/login-failures.repo.ts';
import { giveBackSlot, takeSlot } from '../../db/rate-counters.repo.ts';
import type { OperatorRow } from '../../db/schema/backoffice.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, limited, refused, unauthenticated } from '../../lib/domain-error.ts';
import { randomSecret, sha256 } from '../../lib/ids.ts';
import { mustEnrolTotp, type Operator } from '../../lib/operator.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { SessionsEnded } from '../../lib/sessions-ended.ts';
import { type AuditActor, recordAudit } from './audit.service.ts';
import * as repo from './operator.repo.ts';
import { acceptedTotpStep, newTotpSecret, totpQrSvg, totpUri } from './totp.ts';

/**
 * Sign-in guesses allowed per username (from anywhere), per username at one address and per client
 * address (for any username) within the window. Past the address's limits, it answers REQUEST_LIMIT
 * until the window ends; past the username's, so does every address with a recent failure, while an
 * address with none still signs in with the right password and code (db/login-failures.repo.ts).
 * Wrong authenticator codes count like wrong passwords.
 */
export const OPERATOR_LOGIN_LIMITS = {
  perUsername: 5,
  perIp: 20,
  windowMs: 15 * 60 * 1000,
  // As login-failures.repo.ts names them: the username from anywhere, at one address, one address.
  perAccount: 5,
  perPair: 5,
  perAddress: 20,
} as const;
/** Wrong codes while enrolling an authenticator, per operator and window. */
const TOTP_ENABLE_MAX_FAILURES = 5;

export interface OperatorAuthDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  clock: Clock;
  /** Seals authenticator secrets at rest. */
  totpBox: SecretBox;
  /** Production: owner and finance must enrol two-factor before anything else. */
  requireTotpEnrolment: boolean;
  /** Sandbox providers are on (the back office shows the sandbox's SMS codes). */
  sandbox: boolean;
  /** The name authenticator apps show next to the code. */
  issuer: string;
  /** An operator's sessions ended (committed): their open sockets close. */
  onSessionsEnded?: SessionsEnded;
}

/** A client's address and the request id, for the audit rows of a sign-in (no operator yet). */
export interface ClientInfo {
  ip: string;
  requestId: string;
}

export function actorFromRow(row: Pick<OperatorRow, 'id' | 'username' | 'role'>, client: ClientInfo): AuditActor {
  return {
    operatorId: row.id,
    username: row.username,
    role: isOperatorRole(row.role) ? row.role : null,
    ip: client.ip,
    requestId: client.requestId,
  };
}

type LoginFailure = 'unknown-username' | 'wrong-password' | 'wrong-otp' | 'disabled' | 'locked';

export function createOperatorAuthService(deps: OperatorAuthDeps) {
  const { db, clock } = deps;

  /** One slot of each limit, taken before anything is checked so racing guesses are all counted. */
  async function takeSlots(limits: { key: string; max: number }[], windowMs: number): Promise<string[] | null> {
    const now = clock.now();
    const taken: string[] = [];
    for (const { key, max } of limits) {
      const count = await takeSlot(db, 'auth_failures', key, now, windowMs);
      taken.push(key);
      if (count > max) {
        // A refused attempt checks nothing, so it does not count against any limit.
        for (const k of taken) await giveBackSlot(db, 'auth_failures', k);
        return null;
      }
    }
    return taken;
  }

  async function giveBack(slots: string[]): Promise<void> {
    for (const key of slots) await giveBackSlot(db, 'auth_failures', key);
  }

  const usernameLimit = (username: string) => ({
    key: accountFailureKey('operator', username),
    max: OPERATOR_LOGIN_LIMITS.perUsername,
  });

  async function auditFailedLogin(
    username: string,
    operator: OperatorRow | undefined,
    cause: LoginFailure,
    client: ClientInfo,
    lock?: LoginLock | null,
  ): Promise<void> {
    const actor: AuditActor = operator
      ? actorFromRow(operator, client)
      : { operatorId: null, username, role: null, ip: client.ip, requestId: client.requestId };
    await db.transaction().execute((trx) =>
      recordAudit(
        trx,
        actor,
        {
          action: 'operator.login_failed',
          ...(operator ? { targetType: 'operator' as const, targetId: operator.id } : {}),
          // A refusal names the lock's end, for the audit log and the staff screen.
          after: lock?.lockedUntil ? { cause, lockedUntil: lock.lockedUntil } : { cause },
        },
        clock.now(),
      ),
    );
  }

  async function login(input: OperatorLoginPayload, client: ClientInfo): Promise<OperatorLoginResponse> {
    const username = input.username;
    const attempt = await beginLoginAttempt(db, 'operator', username, client.ip, OPERATOR_LOGIN_LIMITS, clock.now());
    if (!attempt) {
      const lock = await loginLockOf(db, 'operator', username, OPERATOR_LOGIN_LIMITS, clock.now());
      await auditFailedLogin(username, await repo.findOperatorByUsername(db, username), 'locked', client, lock);
      throw limited('REQUEST_LIMIT');
    }
    const operator = await repo.findOperatorByUsername(db, username);
    // An unknown username costs the same scrypt and answers the same as a wrong password.
    const passwordOk = await verifyPassword(input.password, operator?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!operator || !passwordOk) {
      await auditFailedLogin(username, operator, operator ? 'wrong-password' : 'unknown-username', client);
      throw refused('WRONG_CREDENTIAL');
    }
    if (operator.status !== 'active' || !isOperatorRole(operator.role)) {
      await attempt.giveBack();
      await auditFailedLogin(username, operator, 'disabled', client);
      throw forbidden('INACTIVE_USER');
    }
    const now = clock.now();
    let step: number | null = null;
    if (operator.totp_secret) {
      if (!input.otp) {
        // The password was right; the app now asks for the code. Not a guess, so not counted.
        await attempt.giveBack();
        throw refused('TOTP_REQUIRED', 'otp');
      }
      step = await acceptedTotpStep(deps.totpBox.open(operator.totp_secret), input.otp, now, operator.totp_last_step);
      if (step === null) {
        await auditFailedLogin(username, operator, 'wrong-otp', client);
        throw refused('OTP_CODE_INVALID', 'otp');
      }
    }
    const token = randomSecret();
    const replayed = await db.transaction().execute(async (trx) => {
      // Two sign-ins racing with one code: only the first moves the last step past it.
      if (step !== null && !(await repo.claimTotpStep(trx, operator.id, step))) return true;
      await repo.insertOperatorSession(trx, {
        tokenHash: sha256(token),
        operatorId: operator.id,
        now,
        expiresAt: now + OPERATOR_SESSION_MAX_MS,
      });
      await repo.updateOperator(trx, operator.id, { last_login_at: now });
      await recordAudit(
        trx,
        actorFromRow(operator, client),
        { action: 'operator.login', targetType: 'operator', targetId: operator.id },
        now,
      );
      return false;
    });
    if (replayed) {
      await auditFailedLogin(username, operator, 'wrong-otp', client);
      throw refused('OTP_CODE_INVALID', 'otp');
    }
    await attempt.succeeded();
    return {
      token,
      operator: { id: operator.id, username: operator.username, role: operator.role },
      mustChangePassword: operator.must_change_password === 1,
    };
  }

  /** The operator-auth hook's question: a live session's active operator, the session touched. */
  async function authenticate(tokenHash: string): Promise<Omit<Operator, 'tokenHash'> | null> {
    const now = clock.now();
    const session = await repo.touchOperatorSession(db, tokenHash, now, now - OPERATOR_SESSION_IDLE_MS);
    if (!session) return null;
    const operator = await repo.findOperatorById(db, session.operator_id);
    if (operator?.status !== 'active' || !isOperatorRole(operator.role)) return null;
    return {
      id: operator.id,
      username: operator.username,
      role: operator.role,
      totpEnabled: operator.totp_secret !== null,
      mustChangePassword: operator.must_change_password === 1,
      sessionExpiresAt: session.expires_at,
    };
  }

  async function logout(operator: Operator, actor: AuditActor): Promise<{ message: 'SUCCESS' }> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.revokeOperatorSession(trx, operator.tokenHash, now);
      await recordAudit(trx, actor, { action: 'operator.logout', targetType: 'operator', targetId: operator.id }, now);
    });
    deps.onSessionsEnded?.(operator.id, { tokenHash: operator.tokenHash });
    return { message: 'SUCCESS' };
  }

  function me(operator: Operator): OperatorMeResponse {
    return {
      id: operator.id,
      username: operator.username,
      role: operator.role,
      totpEnabled: operator.totpEnabled,
      totpEnrolmentRequired: mustEnrolTotp(operator, deps.requireTotpEnrolment),
      mustChangePassword: operator.mustChangePassword,
      permissions: [...ROLE_PERMISSIONS[operator.role]],
      sessionExpiresAt: new Date(operator.sessionExpiresAt).toISOString(),
      sandbox: deps.sandbox,
    };
  }

  async function currentRow(operator: Operator): Promise<OperatorRow> {
    const row = await repo.findOperatorById(db, operator.id);
    if (!row) throw unauthenticated('invalid-token');
    return row;
  }

  async function totpSetup(operator: Operator, actor: AuditActor): Promise<TotpSetupResponse> {
    const row = await currentRow(operator);
    if (row.totp_secret) throw conflict('TOTP_ALREADY_ENABLED');
    const secret = newTotpSecret();
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.updateOperator(trx, operator.id, { totp_pending_secret: deps.totpBox.seal(secret), updated_at: now });
      // The secret itself never goes into the log.
      await recordAudit(
        trx,
        actor,
        { action: 'operator.totp_setup', targetType: 'operator', targetId: operator.id, after: { pending: true } },
        now,
      );
    });
    const uri = totpUri(deps.issuer, operator.username, secret);
    return { secret, uri, qrSvg: await totpQrSvg(uri) };
  }

  async function totpEnable(operator: Operator, otp: string, actor: AuditActor): Promise<{ message: 'SUCCESS' }> {
    const row = await currentRow(operator);
    if (row.totp_secret) throw conflict('TOTP_ALREADY_ENABLED');
    if (!row.totp_pending_secret) throw refused('TOTP_NOT_SET_UP', 'otp');
    const slots = await takeSlots(
      [{ key: `operator-totp:${operator.id}`, max: TOTP_ENABLE_MAX_FAILURES }],
      OPERATOR_LOGIN_LIMITS.windowMs,
    );
    if (!slots) throw limited('REQUEST_LIMIT');
    const now = clock.now();
    const step = await acceptedTotpStep(deps.totpBox.open(row.totp_pending_secret), otp, now, row.totp_last_step);
    if (step === null) throw refused('OTP_CODE_INVALID', 'otp');
    await db.transaction().execute(async (trx) => {
      await repo.updateOperator(trx, operator.id, {
        totp_secret: row.totp_pending_secret,
        totp_pending_secret: null,
        totp_last_step: step,
        updated_at: now,
      });
      await recordAudit(
        trx,
        actor,
        {
          action: 'operator.totp_enable',
          targetType: 'operator',
          targetId: operator.id,
          before: { totpEnabled: false },
          after: { totpEnabled: true },
        },
        now,
      );
    });
    await giveBack(slots);
    return { message: 'SUCCESS' };
  }

  /** Replaces the operator's own password; their other sessions end, this one goes on. */
  async function changePassword(
    operator: Operator,
    input: OperatorPasswordPayload,
    actor: AuditActor,
  ): Promise<{ message: 'SUCCESS' }> {
    const row = await currentRow(operator);
    const slots = await takeSlots([usernameLimit(row.username)], OPERATOR_LOGIN_LIMITS.windowMs);
    if (!slots) throw limited('REQUEST_LIMIT');
    if (!(await verifyPassword(input.currentPassword, row.password_hash))) {
      throw refused('WRONG_PASSWORD', 'currentPassword');
    }
    await giveBack(slots);
    const passwordHash = await hashPassword(input.newPassword);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.updateOperator(trx, operator.id, {
        password_hash: passwordHash,
        must_change_password: 0,
        updated_at: now,
      });
      await repo.revokeOperatorSessions(trx, operator.id, now, operator.tokenHash);
      await recordAudit(
        trx,
        actor,
        { action: 'operator.password_change', targetType: 'operator', targetId: operator.id },
        now,
      );
    });
    deps.onSessionsEnded?.(operator.id, { keepTokenHash: operator.tokenHash });
    return { message: 'SUCCESS' };
  }

  return { login, authenticate, logout, me, totpSetup, totpEnable, changePassword };
}

export type OperatorAuthService = ReturnType<typeof createOperatorAuthService>;
