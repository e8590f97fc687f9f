import type {
  BankChangeListResponse,
  BankChangeResponse,
  BankChangeStatus,
  BankChangeView,
  PlayerActionResponse,
  PlayerDetail,
  PlayerRecordKind,
  PlayerRecordsResponse,
  PlayerSearchResponse,
  PlayerStatus,
  PlayerSummary,
} from '@wallet/contract/backoffice/players';
import { fromMinor } from '@wallet/contract/money';
import { passwordProblem } from '@wallet/contract/password-rule';
import type { Kysely } from 'kysely';
import { loginLockOf } from '../../db/login-failures.repo.ts';
import type { BankChangeRequestRow } from '../../db/schema/players-desk.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, DomainError, notFound, refused } from '../../lib/domain-error.ts';
import { randomId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { type AuditActor, recordAudit } from './audit.service.ts';
import { codeNames } from './code-names.repo.ts';
import * as repo from './players.repo.ts';

export interface PlayersDeskDeps {
  db: Kysely<Database>;
  clock: Clock;
  sms: SmsProvider;
  appName: string;
  /** After the commit: disconnects the player's open apps (every session ended). */
  onSessionsEnded(userId: string): void;
  /** The players' sign-in limits (config LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_FAILURE_WINDOW_SECONDS). */
  loginLimits: { perAccount: number; windowMs: number };
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string | null) => (ms === null ? null : iso(ms));

function summaryOf(row: repo.PlayerListRow): PlayerSummary {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    status: row.status === 'active' ? 'active' : 'suspended',
    bankCode: row.bank_code,
    bankAccountNo: row.bank_account_no,
    currency: row.wallet_currency ?? 'THB',
    wallet: fromMinor(Number(row.wallet ?? 0)),
    createdAt: iso(row.created_at),
  };
}

function bankChangeOf(row: BankChangeRequestRow): BankChangeView {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status as BankChangeStatus,
    old: {
      bankCode: row.old_bank_code,
      bankAccountName: row.old_bank_account_name,
      bankAccountNo: row.old_bank_account_no,
    },
    new: {
      bankCode: row.new_bank_code,
      bankAccountName: row.new_bank_account_name,
      bankAccountNo: row.new_bank_account_no,
    },
    reason: row.reason,
    createdAt: iso(row.created_at),
    decidedAt: isoOrNull(row.decided_at),
    decidedBy: row.decided_by,
  };
}

/** Typeable in an SMS, no look-alike characters, and always within the password rule. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newPlayerPassword(phone: string): string {
  for (;;) {
    const bytes = randomId(10);
    // randomId is uniform over 32 symbols; map them onto the 31 unambiguous ones (the bias is negligible).
    const password = [...bytes].map((c) => PASSWORD_ALPHABET[c.charCodeAt(0) % PASSWORD_ALPHABET.length]).join('');
    if (!passwordProblem(password, phone) && /\d/.test(password)) return password;
  }
}

/** Last four digits only: an SMS can be read on a locked screen. */
function maskAccountNo(accountNo: string): string {
  return `x${accountNo.slice(-4)}`;
}

/**
 * The support side of the back office: find a player, see everything about them, and act on the
 * account (suspend, reactivate, sign out everywhere, reset the password, decide bank-account change
 * requests). Every change writes its audit row in its own transaction.
 */
export function createPlayersDesk(deps: PlayersDeskDeps) {
  const { db, clock } = deps;

  async function requirePlayer(id: string): Promise<repo.PlayerListRow> {
    const row = await repo.findPlayer(db, id);
    if (!row) throw notFound('NO_USER');
    return row;
  }

  async function search(query: {
    q: string;
    status?: PlayerStatus | undefined;
    page: number;
    limit: number;
  }): Promise<PlayerSearchResponse> {
    const { rows, total, totalCapped } = await repo.searchPlayers(
      db,
      { q: query.q, status: query.status },
      { offset: (query.page - 1) * query.limit, limit: query.limit },
    );
    return { items: rows.map(summaryOf), total, totalCapped, page: query.page, limit: query.limit };
  }

  async function detail(id: string): Promise<PlayerDetail> {
    const row = await requirePlayer(id);
    const [bankName, balances, games, sessions, bankChange, loginLock] = await Promise.all([
      repo.findBankName(db, row.bank_code),
      repo.playerAccountBalances(db, id),
      repo.playerGameAccounts(db, id),
      repo.liveSessions(db, id, clock.now()),
      repo.latestBankChangeOf(db, id),
      loginLockOf(db, 'player', row.username, deps.loginLimits, clock.now()),
    ]);
    return {
      player: { ...summaryOf(row), sourceCode: row.source_code, inviterId: row.inviter_id },
      bankAccount: {
        bankCode: row.bank_code,
        bankName: bankName ?? row.bank_code,
        bankAccountName: row.bank_account_name,
        bankAccountNo: row.bank_account_no,
      },
      balances: {
        wallet: fromMinor(Number(balances.find((b) => b.kind === 'wallet')?.balance ?? 0)),
        coin: Number(balances.find((b) => b.kind === 'coin')?.balance ?? 0),
        games: balances
          .filter((b) => b.kind === 'game')
          .map((b) => ({
            providerCode: b.provider_code,
            name: b.name ?? b.provider_code,
            amount: fromMinor(Number(b.balance)),
          })),
      },
      gameAccounts: games.map((g) => ({
        providerCode: g.provider_code,
        name: g.name ?? g.provider_code,
        username: g.username,
        createdAt: iso(g.created_at),
        syncedAt: isoOrNull(g.synced_at),
      })),
      sessions: sessions.map((s) => ({
        id: s.token_hash.slice(0, 8),
        createdAt: iso(s.created_at),
        expiresAt: iso(s.expires_at),
      })),
      bankChange: bankChange ? bankChangeOf(bankChange) : null,
      loginLock,
    };
  }

  async function records(
    id: string,
    query: { kind: PlayerRecordKind; page: number; limit: number },
  ): Promise<PlayerRecordsResponse> {
    await requirePlayer(id);
    const { rows, total, totalCapped } = await repo.playerRecords(db, id, query.kind, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    const names = await codeNames(db, [...rows.flatMap((r) => [r.from_code, r.to_code])]);
    const nameOf = (code: string | null) => (code === null ? null : (names.get(code) ?? null));
    return {
      items: rows.map((r) => ({
        id: r.id,
        createdAt: iso(r.created_at),
        type: r.type,
        amount: fromMinor(Number(r.amount)),
        currency: r.currency,
        status: r.status,
        from: r.from_code,
        to: r.to_code,
        fromName: nameOf(r.from_code),
        toName: nameOf(r.to_code),
        note: r.note,
      })),
      total,
      totalCapped,
      page: query.page,
      limit: query.limit,
    };
  }

  /**
   * Suspend: the player can no longer log in (INACTIVE_USER) and every session ends at once, open
   * apps included. Reactivate lets them log in again; the ended sessions stay ended.
   */
  async function setStatus(
    actor: AuditActor,
    id: string,
    to: PlayerStatus,
    reason: string,
  ): Promise<PlayerActionResponse> {
    await requirePlayer(id);
    const from = to === 'suspended' ? 'active' : 'suspended';
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      if (!(await repo.switchPlayerStatus(trx, id, from, to, now))) throw conflict('ALREADY_DECIDED');
      const sessionsEnded = to === 'suspended' ? await repo.revokeSessions(trx, id, now) : 0;
      await recordAudit(
        trx,
        actor,
        {
          action: to === 'suspended' ? 'player.suspend' : 'player.reactivate',
          targetType: 'player',
          targetId: id,
          before: { status: from },
          after: to === 'suspended' ? { status: to, sessionsEnded } : { status: to },
          reason,
        },
        now,
      );
    });
    if (to === 'suspended') deps.onSessionsEnded(id);
    return { player: summaryOf(await requirePlayer(id)) };
  }

  async function signOut(actor: AuditActor, id: string, reason: string): Promise<PlayerActionResponse> {
    await requirePlayer(id);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const sessionsEnded = await repo.revokeSessions(trx, id, now);
      await recordAudit(
        trx,
        actor,
        { action: 'player.sign_out', targetType: 'player', targetId: id, after: { sessionsEnded }, reason },
        now,
      );
    });
    deps.onSessionsEnded(id);
    return { player: summaryOf(await requirePlayer(id)) };
  }

  /**
   * A new random password, sent to the player's phone by SMS and never shown to the operator nor
   * written to the audit log; every session ends. The SMS goes after the commit (a provider call
   * must not hold a database transaction); if it fails the operator is told and resets again.
   */
  async function resetPassword(actor: AuditActor, id: string, reason: string): Promise<PlayerActionResponse> {
    const player = await requirePlayer(id);
    const password = newPlayerPassword(player.username);
    const passwordHash = await hashPassword(password);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.updatePlayer(trx, id, { password_hash: passwordHash, updated_at: now });
      const sessionsEnded = await repo.revokeSessions(trx, id, now);
      await recordAudit(
        trx,
        actor,
        { action: 'player.reset_password', targetType: 'player', targetId: id, after: { sessionsEnded }, reason },
        now,
      );
    });
    deps.onSessionsEnded(id);
    try {
      await deps.sms.send(
        player.username,
        `${deps.appName}: your password was reset by our staff. New password: ${password} — please change it after you log in.`,
      );
    } catch (error) {
      console.warn(`password reset SMS to player ${id} not sent`, error);
      throw new DomainError('SMS_SEND_FAIL', 'upstream-failed');
    }
    return { player: summaryOf(await requirePlayer(id)) };
  }

  async function bankChanges(query: {
    status: BankChangeStatus;
    page: number;
    limit: number;
  }): Promise<BankChangeListResponse> {
    const { rows, total, totalCapped } = await repo.listBankChanges(db, query.status, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      items: rows.map((row) => ({ ...bankChangeOf(row), username: row.username, name: row.name })),
      total,
      totalCapped,
      page: query.page,
      limit: query.limit,
    };
  }

  async function requireBankChange(id: string): Promise<BankChangeRequestRow> {
    const row = await repo.findBankChange(db, id);
    if (!row) throw notFound('NO_DATA');
    return row;
  }

  /**
   * Approving applies the new account (still unique among players), records it as a bank-account
   * change (withdrawals to a new account are held for review, as before), and tells the player by SMS.
   */
  async function approveBankChange(
    actor: AuditActor,
    id: string,
    reason: string | undefined,
  ): Promise<BankChangeResponse> {
    const request = await requireBankChange(id);
    const now = clock.now();
    try {
      await db.transaction().execute(async (trx) => {
        const decided = await repo.decideBankChange(trx, id, {
          status: 'approved',
          reason: reason || null,
          decided_at: now,
          decided_by: actor.username,
        });
        if (!decided) throw conflict('ALREADY_DECIDED');
        await repo.updatePlayer(trx, request.user_id, {
          bank_code: request.new_bank_code,
          bank_account_name: request.new_bank_account_name,
          bank_account_no: request.new_bank_account_no,
          updated_at: now,
        });
        if (
          request.new_bank_code !== request.old_bank_code ||
          request.new_bank_account_no !== request.old_bank_account_no
        ) {
          await repo.insertBankAccountChange(trx, {
            id: randomId(16),
            user_id: request.user_id,
            old_bank_code: request.old_bank_code,
            old_bank_account_no: request.old_bank_account_no,
            old_bank_account_name: request.old_bank_account_name,
            new_bank_code: request.new_bank_code,
            new_bank_account_no: request.new_bank_account_no,
            new_bank_account_name: request.new_bank_account_name,
            changed_at: now,
          });
        }
        await recordAudit(
          trx,
          actor,
          {
            action: 'player.bank_change_approve',
            targetType: 'player',
            targetId: request.user_id,
            before: bankChangeOf(request).old,
            after: { ...bankChangeOf(request).new, requestId: id },
            reason: reason ?? null,
          },
          now,
        );
      });
    } catch (error) {
      // Another player registered or got this account since the request: it cannot be theirs too.
      if (isUniqueViolation(error, 'bank_')) throw refused('EXISTING_BANK', 'bankAccountNo');
      throw error;
    }
    const player = await requirePlayer(request.user_id);
    try {
      await deps.sms.send(
        player.username,
        `${deps.appName}: your withdrawal bank account was changed to ${request.new_bank_code} ` +
          `${maskAccountNo(request.new_bank_account_no)} as you asked. Not you? Contact support now.`,
      );
    } catch (error) {
      console.warn(`bank change notice to player ${player.id} not sent`, error);
    }
    return { request: bankChangeOf(await requireBankChange(id)) };
  }

  async function refuseBankChange(actor: AuditActor, id: string, reason: string): Promise<BankChangeResponse> {
    const request = await requireBankChange(id);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const decided = await repo.decideBankChange(trx, id, {
        status: 'refused',
        reason,
        decided_at: now,
        decided_by: actor.username,
      });
      if (!decided) throw conflict('ALREADY_DECIDED');
      await recordAudit(
        trx,
        actor,
        {
          action: 'player.bank_change_refuse',
          targetType: 'player',
          targetId: request.user_id,
          after: { ...bankChangeOf(request).new, requestId: id },
          reason,
        },
        now,
      );
    });
    return { request: bankChangeOf(await requireBankChange(id)) };
  }

  return {
    search,
    detail,
    records,
    setStatus,
    signOut,
    resetPassword,
    bankChanges,
    approveBankChange,
    refuseBankChange,
    requirePlayer,
  };
}

export type PlayersDesk = ReturnType<typeof createPlayersDesk>;
