import {
  BANK_ACCOUNT_NO_PATTERN,
  type BankAccountNamePayload,
  type ChangePasswordPayload,
  isEnglishName,
  isValidPhone,
  needsEnglishAccountName,
  type ProfileResponse,
  type ProfileUpdatePayload,
  type RegistrationValidatePayload,
} from '@wallet/contract/account';
import { INVITE_CODE_PREFIX } from '@wallet/contract/constants';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError, badRequest, tooManyRequests } from '../../http/errors.ts';
import { ledgerCurrency, openPlayerAccounts, playerBalance } from '../../ledger/accounts.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { randomId, randomSecret, sha256 } from '../../lib/ids.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password.ts';
import { findBank, findSource } from '../lookup/lookup.repo.ts';
import type { OtpService } from '../otp/otp.service.ts';
import * as repo from './account.repo.ts';

export interface AccountDeps {
  db: Kysely<Database>;
  clock: Clock;
  otp: OtpService;
  laoMode: boolean;
  registerOtp: boolean;
  sessionTtlHours: number;
  rememberTtlDays: number;
  loginMaxFailures: number;
  loginFailureWindowSeconds: number;
  /**
   * Called once sessions have ended (committed), so whatever still serves them (open sockets) stops:
   * `tokenHash` is the one session that ended; without it every session but `keepTokenHash` did.
   */
  onSessionsEnded?(userId: string, which: { tokenHash?: string; keepTokenHash?: string }): void;
}

type RegistrationInput = Required<Omit<RegistrationValidatePayload, 'currency'>> & {
  currency?: 'LAK' | 'BAHT' | undefined;
};

/** One space between words, upper case: how bank account names are compared and stored. */
function normaliseAccountName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

export function createAccountService(deps: AccountDeps) {
  const { db, clock } = deps;
  const bankCountry = deps.laoMode ? 'LA' : 'TH';

  async function resolveInviter(inviteCode: string): Promise<string | null> {
    if (!inviteCode) return null;
    const code = inviteCode.trim().toUpperCase();
    if (!code.startsWith(INVITE_CODE_PREFIX)) throw badRequest('INVALID_USER_INFO', 'inviteCode');
    const inviter = await repo.findUserById(db, code.slice(INVITE_CODE_PREFIX.length));
    if (!inviter) throw badRequest('INVALID_USER_INFO', 'inviteCode');
    return inviter.id;
  }

  async function checkBankFields(bankCode: string, accountName: string, accountNo: string, selfId?: string) {
    const bank = await findBank(db, bankCode);
    if (!bank || bank.country !== bankCountry) throw badRequest('INVALID_BANK', 'bankCode');
    if (!BANK_ACCOUNT_NO_PATTERN.test(accountNo)) throw badRequest('INVALID_USER_INFO', 'bankAccountNo');
    if (!accountName) throw badRequest('KEY_MISSING', 'bankAccountName');
    if (needsEnglishAccountName(bankCode) && !isEnglishName(accountName)) {
      throw badRequest('BANK_ACCOUNT_NAME_ENG', 'bankAccountName');
    }
    const owner = await repo.findUserByBankAccount(db, bankCode, accountNo);
    if (owner && owner.id !== selfId) throw badRequest('EXISTING_BANK', 'bankAccountNo');
  }

  /**
   * Every SPEC §5 rule, checked on the server too. `complete` is false for the wizard's profile-step
   * validate call, which checks only the bank fields that are already filled in.
   */
  async function checkRegistration(input: RegistrationInput, complete: boolean): Promise<{ inviterId: string | null }> {
    if (!isValidPhone(input.username, deps.laoMode)) throw badRequest('PHONE_NUMBER_REQUIRE_10_DIGIT', 'username');
    if (await repo.findUserByUsername(db, input.username)) throw badRequest('EXISTING_USER', 'username');
    if (input.sourceCode && !(await findSource(db, input.sourceCode)))
      throw badRequest('INVALID_USER_INFO', 'sourceCode');
    const inviterId = await resolveInviter(input.inviteCode);
    if (complete || input.bankCode || input.bankAccountNo || input.bankAccountName) {
      if (complete && !input.bankCode) throw badRequest('KEY_MISSING', 'bankCode');
      if (complete && !input.bankAccountNo) throw badRequest('KEY_MISSING', 'bankAccountNo');
      if (input.bankCode) {
        await checkBankFields(input.bankCode, normaliseAccountName(input.bankAccountName), input.bankAccountNo);
      }
    }
    if (deps.laoMode && complete && !input.currency) throw badRequest('KEY_MISSING', 'currency');
    if (!deps.laoMode && input.currency) throw badRequest('INVALID_USER_INFO', 'currency');
    return { inviterId };
  }

  async function validate(input: RegistrationInput): Promise<{ message: 'OK' }> {
    await checkRegistration(input, false);
    return { message: 'OK' };
  }

  async function register(input: RegistrationInput): Promise<{ message: 'SUCCESS' }> {
    const { inviterId } = await checkRegistration(input, true);
    if (deps.registerOtp && !(await deps.otp.hasUsableVerification(input.username))) {
      throw badRequest('UNVERIFIED_OTP', 'username');
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
      if (isUniqueViolation(error, 'username')) throw badRequest('EXISTING_USER', 'username');
      if (isUniqueViolation(error, 'bank_')) throw badRequest('EXISTING_BANK', 'bankAccountNo');
      throw error;
    }
    return { message: 'SUCCESS' };
  }

  async function login(
    input: { username: string; password: string; remember: boolean },
    clientIp: string,
  ): Promise<{ token: string }> {
    const failureKey = `login:${clientIp}:${input.username}`;
    const windowMs = deps.loginFailureWindowSeconds * 1000;
    const now = clock.now();
    const failures = await repo.readFailures(db, failureKey);
    if (failures && now - failures.window_start <= windowMs && failures.count >= deps.loginMaxFailures) {
      throw tooManyRequests('REQUEST_LIMIT');
    }
    const user = await repo.findUserByUsername(db, input.username);
    // A wrong phone costs the same scrypt as a wrong password and answers the same code.
    const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!user || !ok) {
      await repo.recordFailure(db, failureKey, now, windowMs);
      throw badRequest('WRONG_CREDENTIAL');
    }
    if (user.status !== 'active') throw new AppError('INACTIVE_USER', 403);
    await repo.clearFailures(db, failureKey);
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
    if (!user) throw badRequest('NO_USER');
    return user;
  }

  async function getProfile(userId: string): Promise<ProfileResponse> {
    const user = await requireUser(userId);
    const bank = await findBank(db, user.bank_code);
    return {
      _id: user.id,
      name: user.name,
      username: user.username,
      createdAt: new Date(user.created_at).toISOString(),
      coin: await playerBalance(db, user.id, 'coin'),
      bankAccount: {
        bankCode: user.bank_code,
        bankAccountName: user.bank_account_name,
        bankAccountNo: user.bank_account_no,
        currency: user.currency,
        bank: { nameTH: bank?.name_th ?? user.bank_code, nameEN: bank?.name_en ?? user.bank_code },
      },
    };
  }

  async function updateProfile(userId: string, input: ProfileUpdatePayload): Promise<{ message: 'SUCCESS' }> {
    await requireUser(userId);
    const accountName = normaliseAccountName(input.bankAccountName);
    await checkBankFields(input.bankCode, accountName, input.bankAccountNo, userId);
    try {
      await repo.updateUser(db, userId, {
        name: input.name.trim(),
        bank_code: input.bankCode,
        bank_account_name: accountName,
        bank_account_no: input.bankAccountNo,
        updated_at: clock.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error, 'bank_')) throw badRequest('EXISTING_BANK', 'bankAccountNo');
      throw error;
    }
    return { message: 'SUCCESS' };
  }

  /** The English-name fix SPEC offers for KTB, TMB and BBL accounts registered with a Thai name. */
  async function updateBankAccountName(userId: string, input: BankAccountNamePayload): Promise<{ message: 'SUCCESS' }> {
    const user = await requireUser(userId);
    if (input.bankCode !== user.bank_code || !needsEnglishAccountName(input.bankCode)) {
      throw badRequest('INVALID_BANK', 'bankCode');
    }
    const accountName = normaliseAccountName(input.bankAccountName);
    if (!isEnglishName(accountName)) throw badRequest('BANK_ACCOUNT_NAME_ENG', 'bankAccountName');
    await repo.updateUser(db, userId, { bank_account_name: accountName, updated_at: clock.now() });
    return { message: 'SUCCESS' };
  }

  async function changePassword(
    userId: string,
    tokenHash: string,
    input: ChangePasswordPayload,
  ): Promise<{ message: 'SUCCESS' }> {
    const user = await requireUser(userId);
    if (!(await verifyPassword(input.oldPassword, user.password_hash)))
      throw badRequest('WRONG_PASSWORD', 'oldPassword');
    await repo.updateUser(db, userId, {
      password_hash: await hashPassword(input.newPassword),
      updated_at: clock.now(),
    });
    await repo.revokeOtherSessions(db, userId, tokenHash, clock.now());
    deps.onSessionsEnded?.(userId, { keepTokenHash: tokenHash });
    return { message: 'SUCCESS' };
  }

  return { validate, register, login, logout, getProfile, updateProfile, updateBankAccountName, changePassword };
}

export type AccountService = ReturnType<typeof createAccountService>;
