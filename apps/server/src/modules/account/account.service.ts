import {
  BANK_ACCOUNT_NO_PATTERN,
  type BankAccountNamePayload,
  type BankChangeRequestPayload,
  type BankChangeRequestResponse,
  type ChangePasswordPayload,
  isEnglishName,
  isValidPhone,
  needsEnglishAccountName,
  type PlayerBankChangeRequest,
  type ProfileResponse,
  type ProfileUpdatePayload,
  type RegistrationValidatePayload,
} from '@wallet/contract/account';
import { INVITE_CODE_PREFIX } from '@wallet/contract/constants';
import { passwordProblem } from '@wallet/contract/password-rule';
import type { Kysely, Transaction } from 'kysely';
import { accountFailureKey, beginLoginAttempt } from '../../db/login-failures.repo.ts';
import { giveBackSlot, takeSlot } from '../../db/rate-counters.repo.ts';
import type { BankChangeRequestRow } from '../../db/schema/players-desk.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { ledgerCurrency, openPlayerAccounts, playerBalance } from '../../ledger/accounts.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, limited, refused } from '../../lib/domain-error.ts';
import { orderedId, randomId, randomSecret, sha256 } from '../../lib/ids.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { SessionsEnded } from '../../lib/sessions-ended.ts';
import * as repo from './account.repo.ts';

/** What registration needs of the OTP feature: a phone proved by an SMS code, spent once. */
export interface PhoneVerifications {
  hasUsableVerification(phone: string): Promise<boolean>;
  /** Inside the registration's transaction, so a phone's verification registers one player only. */
  consumeVerification(trx: Transaction<Database>, phone: string): Promise<void>;
}

export interface AccountDeps {
  db: Kysely<Database>;
  clock: Clock;
  otp: PhoneVerifications;
  laoMode: boolean;
  registerOtp: boolean;
  sessionTtlHours: number;
  rememberTtlDays: number;
  /** Failed logins per phone and client address. */
  loginMaxFailures: number;
  /** Failed password checks per phone from any address: guesses spread over many addresses. */
  loginAccountMaxFailures: number;
  /** Failed logins per client address for any phone: one address trying many phones. */
  loginIpMaxFailures: number;
  loginFailureWindowSeconds: number;
  /** Called once sessions have ended (committed), so whatever still serves them (open sockets) stops. */
  onSessionsEnded?: SessionsEnded;
}

type RegistrationInput = Required<Omit<RegistrationValidatePayload, 'currency'>> & {
  currency?: 'LAK' | 'BAHT' | undefined;
};

/** One space between words, upper case: how bank account names are compared and stored. */
function normaliseAccountName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The new password rule's phone part, which the contract's schema cannot see (the schema checks the rest). */
function checkNewPassword(password: string, phone: string, field: string): void {
  if (passwordProblem(password, phone)) throw refused('WEAK_PASSWORD', field);
}

export function createAccountService(deps: AccountDeps) {
  const { db, clock } = deps;

  /**
   * Banks by code, once read. The banks are reference data the seed writes and nothing changes while
   * the server runs, so every instance may keep them; the profile (and GET /api/wallet) then reads no
   * bank row, a round trip saved on PostgreSQL. A code not found is not remembered.
   */
  const banks = new Map<string, NonNullable<Awaited<ReturnType<typeof repo.findBank>>>>();
  async function findBank(code: string) {
    const known = banks.get(code);
    if (known) return known;
    const bank = await repo.findBank(db, code);
    if (bank) banks.set(code, bank);
    return bank;
  }
  const bankCountry = deps.laoMode ? 'LA' : 'TH';
  const failureWindowMs = deps.loginFailureWindowSeconds * 1000;

  /**
   * Takes one slot of each limit before a password is checked, so guesses racing each other are
   * counted too; past any limit the attempt is refused unchecked (and its slots given back, so a
   * refused attempt does not extend another limit). A slot stays taken for a wrong password: that is
   * the failure count.
   */
  async function takeAttemptSlots(limits: { key: string; max: number }[]): Promise<string[]> {
    const now = clock.now();
    const taken: string[] = [];
    for (const { key, max } of limits) {
      const count = await takeSlot(db, 'auth_failures', key, now, failureWindowMs);
      taken.push(key);
      if (count > max) {
        for (const k of taken) await giveBackSlot(db, 'auth_failures', k);
        throw limited('REQUEST_LIMIT');
      }
    }
    return taken;
  }

  const accountLimit = (username: string) => ({
    key: accountFailureKey('player', username),
    max: deps.loginAccountMaxFailures,
  });
  const loginLimits = {
    perAccount: deps.loginAccountMaxFailures,
    perPair: deps.loginMaxFailures,
    perAddress: deps.loginIpMaxFailures,
    windowMs: failureWindowMs,
  };

  /** A logged-in player's password check (bank change, password change) spends the same per-phone budget as logins. */
  async function checkCurrentPassword(user: UserRow, password: string, field: string): Promise<void> {
    const [slot] = await takeAttemptSlots([accountLimit(user.username)]);
    if (!(await verifyPassword(password, user.password_hash))) throw refused('WRONG_PASSWORD', field);
    await giveBackSlot(db, 'auth_failures', slot as string);
  }

  async function resolveInviter(inviteCode: string): Promise<string | null> {
    if (!inviteCode) return null;
    const code = inviteCode.trim().toUpperCase();
    if (!code.startsWith(INVITE_CODE_PREFIX)) throw refused('INVALID_USER_INFO', 'inviteCode');
    const inviter = await repo.findUserById(db, code.slice(INVITE_CODE_PREFIX.length));
    if (!inviter) throw refused('INVALID_USER_INFO', 'inviteCode');
    return inviter.id;
  }

  async function checkBankFields(bankCode: string, accountName: string, accountNo: string, selfId?: string) {
    const bank = await findBank(bankCode);
    if (!bank || bank.country !== bankCountry) throw refused('INVALID_BANK', 'bankCode');
    if (!BANK_ACCOUNT_NO_PATTERN.test(accountNo)) throw refused('INVALID_USER_INFO', 'bankAccountNo');
    if (!accountName) throw refused('KEY_MISSING', 'bankAccountName');
    if (needsEnglishAccountName(bankCode) && !isEnglishName(accountName)) {
      throw refused('BANK_ACCOUNT_NAME_ENG', 'bankAccountName');
    }
    const owner = await repo.findUserByBankAccount(db, bankCode, accountNo);
    if (owner && owner.id !== selfId) throw refused('EXISTING_BANK', 'bankAccountNo');
  }

  /**
   * Every SPEC §5 rule, checked on the server too. `complete` is false for the wizard's profile-step
   * validate call, which checks only the bank fields that are already filled in.
   */
  async function checkRegistration(input: RegistrationInput, complete: boolean): Promise<{ inviterId: string | null }> {
    if (!isValidPhone(input.username, deps.laoMode)) throw refused('PHONE_NUMBER_REQUIRE_10_DIGIT', 'username');
    checkNewPassword(input.password, input.username, 'password');
    if (await repo.findUserByUsername(db, input.username)) throw refused('EXISTING_USER', 'username');
    if (input.sourceCode && !(await repo.findSource(db, input.sourceCode)))
      throw refused('INVALID_USER_INFO', 'sourceCode');
    const inviterId = await resolveInviter(input.inviteCode);
    if (complete || input.bankCode || input.bankAccountNo || input.bankAccountName) {
      if (complete && !input.bankCode) throw refused('KEY_MISSING', 'bankCode');
      if (complete && !input.bankAccountNo) throw refused('KEY_MISSING', 'bankAccountNo');
      if (input.bankCode) {
        await checkBankFields(input.bankCode, normaliseAccountName(input.bankAccountName), input.bankAccountNo);
      }
    }
    if (deps.laoMode && complete && !input.currency) throw refused('KEY_MISSING', 'currency');
    if (!deps.laoMode && input.currency) throw refused('INVALID_USER_INFO', 'currency');
    return { inviterId };
  }

  async function validate(input: RegistrationInput): Promise<{ message: 'OK' }> {
    await checkRegistration(input, false);
    return { message: 'OK' };
  }

  async function register(input: RegistrationInput): Promise<{ message: 'SUCCESS' }> {
    const { inviterId } = await checkRegistration(input, true);
    if (deps.registerOtp && !(await deps.otp.hasUsableVerification(input.username))) {
      throw refused('UNVERIFIED_OTP', 'username');
    }
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    const id = randomId();
    try {
      await db.transaction().execute(async (trx) => {
        if (deps.registerOtp) await deps.otp.consumeVerification(trx, input.username);
        await repo.insertUser(trx, {
          id,
          username: input.username,
          name: input.name.trim(),
          password_hash: passwordHash,
          bank_code: input.bankCode,
          bank_account_name: normaliseAccountName(input.bankAccountName),
          bank_account_no: input.bankAccountNo,
          currency: input.currency ?? null,
          source_code: input.sourceCode || null,
          inviter_id: inviterId,
          status: 'active',
          created_at: now,
          updated_at: now,
        });
        await openPlayerAccounts(trx, id, ledgerCurrency(input.currency ?? null), now);
      });
    } catch (error) {
      // Two registrations racing past the checks above: the unique indexes decide, with the same codes.
      if (isUniqueViolation(error, 'username')) throw refused('EXISTING_USER', 'username');
      if (isUniqueViolation(error, 'bank_')) throw refused('EXISTING_BANK', 'bankAccountNo');
      throw error;
    }
    return { message: 'SUCCESS' };
  }

  async function login(
    input: { username: string; password: string; remember: boolean },
    clientIp: string,
  ): Promise<{ token: string }> {
    const attempt = await beginLoginAttempt(db, 'player', input.username, clientIp, loginLimits, clock.now());
    if (!attempt) throw limited('REQUEST_LIMIT');
    const user = await repo.findUserByUsername(db, input.username);
    // A wrong phone costs the same scrypt as a wrong password and answers the same code.
    const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!user || !ok) throw refused('WRONG_CREDENTIAL');
    await attempt.succeeded();
    if (user.status !== 'active') throw forbidden('INACTIVE_USER');
    const now = clock.now();
    const token = randomSecret();
    const ttl = input.remember ? deps.rememberTtlDays * 24 * 3600 * 1000 : deps.sessionTtlHours * 3600 * 1000;
    await repo.insertSession(db, { tokenHash: sha256(token), userId: user.id, createdAt: now, expiresAt: now + ttl });
    return { token };
  }

  async function logout(userId: string, tokenHash: string): Promise<{ message: 'SUCCESS' }> {
    await repo.revokeSession(db, tokenHash, clock.now());
    deps.onSessionsEnded?.(userId, { tokenHash });
    return { message: 'SUCCESS' };
  }

  async function requireUser(userId: string): Promise<UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw refused('NO_USER');
    return user;
  }

  async function getProfile(userId: string): Promise<ProfileResponse> {
    // Asked together: on PostgreSQL each is a round trip, and every GET /api/wallet waits for both.
    const [user, coin] = await Promise.all([requireUser(userId), playerBalance(db, userId, 'coin')]);
    const bank = await findBank(user.bank_code);
    return {
      _id: user.id,
      name: user.name,
      username: user.username,
      createdAt: new Date(user.created_at).toISOString(),
      coin,
      bankAccount: {
        bankCode: user.bank_code,
        bankAccountName: user.bank_account_name,
        bankAccountNo: user.bank_account_no,
        currency: user.currency,
        bank: { nameTH: bank?.name_th ?? user.bank_code, nameEN: bank?.name_en ?? user.bank_code },
      },
    };
  }

  /** What the player sees of their newest bank-change request; the bank named as the profile names it. */
  async function bankChangeView(row: BankChangeRequestRow): Promise<PlayerBankChangeRequest> {
    const bank = await findBank(row.new_bank_code);
    return {
      id: row.id,
      status: row.status as PlayerBankChangeRequest['status'],
      bankCode: row.new_bank_code,
      bankName: bank?.name_th ?? row.new_bank_code,
      bankAccountName: row.new_bank_account_name,
      bankAccountNo: row.new_bank_account_no,
      // Only a refusal's reason is the player's business; an approval's note stays with the staff.
      reason: row.status === 'refused' ? row.reason : null,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      decidedAt: row.decided_at === null ? null : new Date(Number(row.decided_at)).toISOString(),
    };
  }

  async function latestBankChange(userId: string): Promise<BankChangeRequestResponse> {
    const row = await repo.latestBankChangeRequest(db, userId);
    return { request: row ? await bankChangeView(row) : null };
  }

  /**
   * A token alone must not redirect payouts, and since issue 14 neither may the player alone: new bank
   * details (current password required) become a request an operator approves or refuses in the back
   * office. One request at a time; the unique index settles two racing ones.
   */
  async function requestBankChange(
    userId: string,
    input: BankChangeRequestPayload,
  ): Promise<BankChangeRequestResponse> {
    const user = await requireUser(userId);
    const accountName = normaliseAccountName(input.bankAccountName);
    await checkBankFields(input.bankCode, accountName, input.bankAccountNo, userId);
    if (
      input.bankCode === user.bank_code &&
      input.bankAccountNo === user.bank_account_no &&
      accountName === user.bank_account_name
    ) {
      throw refused('KEY_INVALID', 'bankAccountNo');
    }
    if ((await repo.latestBankChangeRequest(db, userId))?.status === 'pending') throw conflict('BANK_CHANGE_PENDING');
    await checkCurrentPassword(user, input.password, 'password');
    const now = clock.now();
    try {
      await repo.insertBankChangeRequest(db, {
        // Sorts by creation, so "the newest request" holds even within one millisecond.
        id: orderedId(now),
        user_id: userId,
        status: 'pending',
        old_bank_code: user.bank_code,
        old_bank_account_name: user.bank_account_name,
        old_bank_account_no: user.bank_account_no,
        new_bank_code: input.bankCode,
        new_bank_account_name: accountName,
        new_bank_account_no: input.bankAccountNo,
        reason: null,
        created_at: now,
        decided_at: null,
        decided_by: null,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'bank_change_requests')) throw conflict('BANK_CHANGE_PENDING');
      throw error;
    }
    return latestBankChange(userId);
  }

  /**
   * SPEC's profile update keeps working: the name changes at once; bank details that differ from the
   * registered ones are filed as a change request (BANK_CHANGE_REQUESTED) instead of applied.
   */
  async function updateProfile(
    userId: string,
    input: ProfileUpdatePayload,
  ): Promise<{ message: 'SUCCESS' | 'BANK_CHANGE_REQUESTED' }> {
    const user = await requireUser(userId);
    const accountName = normaliseAccountName(input.bankAccountName);
    const bankChanged =
      input.bankCode !== user.bank_code ||
      input.bankAccountNo !== user.bank_account_no ||
      accountName !== user.bank_account_name;
    if (bankChanged) {
      await checkBankFields(input.bankCode, accountName, input.bankAccountNo, userId);
      if (!input.password) throw refused('KEY_MISSING', 'password');
      await requestBankChange(userId, { ...input, password: input.password });
    }
    if (input.name.trim() !== user.name) {
      await repo.updateUser(db, userId, { name: input.name.trim(), updated_at: clock.now() });
    }
    return { message: bankChanged ? 'BANK_CHANGE_REQUESTED' : 'SUCCESS' };
  }

  /** The English-name fix SPEC offers for KTB, TMB and BBL accounts registered with a Thai name. */
  async function updateBankAccountName(userId: string, input: BankAccountNamePayload): Promise<{ message: 'SUCCESS' }> {
    const user = await requireUser(userId);
    if (input.bankCode !== user.bank_code || !needsEnglishAccountName(input.bankCode)) {
      throw refused('INVALID_BANK', 'bankCode');
    }
    const accountName = normaliseAccountName(input.bankAccountName);
    if (!isEnglishName(accountName)) throw refused('BANK_ACCOUNT_NAME_ENG', 'bankAccountName');
    await repo.updateUser(db, userId, { bank_account_name: accountName, updated_at: clock.now() });
    return { message: 'SUCCESS' };
  }

  async function changePassword(
    userId: string,
    tokenHash: string,
    input: ChangePasswordPayload,
  ): Promise<{ message: 'SUCCESS' }> {
    const user = await requireUser(userId);
    checkNewPassword(input.newPassword, user.username, 'newPassword');
    await checkCurrentPassword(user, input.oldPassword, 'oldPassword');
    await repo.updateUser(db, userId, {
      password_hash: await hashPassword(input.newPassword),
      updated_at: clock.now(),
    });
    await repo.revokeOtherSessions(db, userId, tokenHash, clock.now());
    deps.onSessionsEnded?.(userId, { keepTokenHash: tokenHash });
    return { message: 'SUCCESS' };
  }

  return {
    validate,
    register,
    login,
    logout,
    getProfile,
    updateProfile,
    updateBankAccountName,
    changePassword,
    requestBankChange,
    latestBankChange,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
