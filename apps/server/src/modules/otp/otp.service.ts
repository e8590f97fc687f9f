import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isValidPhone } from '@wallet/contract/account';
import type { Language } from '@wallet/contract/constants';
import {
  OTP_CODE_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
  type OtpSendResponse,
} from '@wallet/contract/otp';
import type { Kysely, Transaction } from 'kysely';
import { giveBackSlot, takeSlot } from '../../db/rate-counters.repo.ts';
import { isPhoneRegistered } from '../../db/registered-phones.repo.ts';
import type { Database, OtpPurpose } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { DomainError, limited, refused, upstreamFailed } from '../../lib/domain-error.ts';
import { randomDigits, randomId, randomSecret, sha256 } from '../../lib/ids.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import * as repo from './otp.repo.ts';
import { otpMessage } from './otp-messages.ts';

/** How long a verified phone stays good for finishing the registration wizard. */
export const VERIFICATION_VALID_MS = 30 * 60 * 1000;
const HOUR_MS = 3600 * 1000;

export interface OtpDeps {
  db: Kysely<Database>;
  clock: Clock;
  sms: SmsProvider;
  secret: string;
  laoMode: boolean;
  appName: string;
  /** SMS codes one client address may have sent per hour, whatever the phones (SMS pumping). */
  sendsPerIpPerHour: number;
  /** SMS codes all clients together may have sent per hour: a ceiling on what an attack can cost. */
  sendsPerHour: number;
}

export function createOtpService(deps: OtpDeps) {
  const { db, clock } = deps;
  // Codes are stored as an HMAC under the server secret: a leaked table does not reveal them, and a
  // 6-digit code cannot be brute-forced offline without the secret.
  const codeHash = (otpId: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${otpId}:${code}`).digest('hex');

  /**
   * Each SMS costs the operator money, so besides the per-phone limits a client address and the whole
   * service have hourly budgets; they are counted last, so a send refused for another reason costs none.
   */
  async function takeSendBudget(clientIp: string, now: number): Promise<void> {
    const ipKey = `otp-ip:${clientIp}`;
    if ((await takeSlot(db, 'rate_counters', ipKey, now, HOUR_MS)) > deps.sendsPerIpPerHour) {
      throw limited('REQUEST_LIMIT');
    }
    if ((await takeSlot(db, 'rate_counters', 'otp-all', now, HOUR_MS)) > deps.sendsPerHour) {
      await giveBackSlot(db, 'rate_counters', ipKey);
      console.warn('OTP SMS budget of the hour is spent (OTP_SENDS_PER_HOUR); codes are refused until it renews');
      throw new DomainError('OTP_SEND_FAIL', 'unavailable');
    }
  }

  /**
   * Registration and reset codes share the per-phone limits and the SMS budget: a reset must not become a
   * way around the limits of registration codes, or the other way round.
   */
  async function limitAndSend(
    phoneNumber: string,
    clientIp: string,
    now: number,
    purpose: OtpPurpose,
    message: (code: string, ref: string) => string,
  ): Promise<OtpSendResponse> {
    const sends = await repo.countOtpSendsSince(db, phoneNumber, now - OTP_SEND_WINDOW_SECONDS * 1000);
    if (sends >= OTP_MAX_SENDS) throw limited('OTP_BLOCK');
    const latest = await repo.latestOtpForPhone(db, phoneNumber);
    if (latest && now - latest.created_at < OTP_RESEND_COOLDOWN_SECONDS * 1000) throw limited('REQUEST_LIMIT');
    await takeSendBudget(clientIp, now);

    const id = randomId(16);
    const otpToken = randomSecret();
    const code = randomDigits(OTP_CODE_LENGTH);
    const ref = Array.from({ length: 4 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[randomInt(24)]).join('');
    try {
      await deps.sms.send(phoneNumber, message(code, ref));
    } catch {
      throw upstreamFailed('OTP_SEND_FAIL');
    }
    await repo.insertOtp(db, {
      id,
      phone: phoneNumber,
      token_hash: sha256(otpToken),
      ref,
      code_hash: codeHash(id, code),
      attempts: 0,
      expires_at: now + OTP_TTL_SECONDS * 1000,
      verified_at: null,
      consumed_at: null,
      created_at: now,
      purpose,
    });
    return { otpRef: ref, otpToken, code: 'OK', expireIn: OTP_TTL_SECONDS };
  }

  /** `language` is the player's choice in the app: the SMS is written in it. */
  async function send(phoneNumber: string, clientIp: string, language: Language = 'th'): Promise<OtpSendResponse> {
    if (!isValidPhone(phoneNumber, deps.laoMode)) throw refused('PHONE_NUMBER_REQUIRE_10_DIGIT', 'phoneNumber');
    if (await isPhoneRegistered(db, phoneNumber)) throw refused('EXISTING_USER', 'phoneNumber');
    const now = clock.now();
    if (await repo.findUsableVerification(db, phoneNumber, now - VERIFICATION_VALID_MS)) {
      return { otpRef: '', otpToken: '', code: 'OTP_VERIFIED', expireIn: 0 };
    }
    return limitAndSend(phoneNumber, clientIp, now, 'register', (code, ref) =>
      otpMessage('register', language, { app: deps.appName, code, ref, minutes: OTP_TTL_SECONDS / 60 }),
    );
  }

  async function verify(otpToken: string, otpCode: string): Promise<{ message: 'OTP_CODE_VALID' }> {
    const otp = await repo.findOtpByTokenHash(db, sha256(otpToken));
    if (!otp) throw refused('OTP_TOKEN_INVALID', 'otpToken');
    if (otp.verified_at !== null) throw refused('OTP_VERIFIED');
    if (clock.now() > otp.expires_at) throw refused('OTP_EXPIRED', 'otpCode');
    if (!(await repo.takeAttempt(db, otp.id, OTP_MAX_ATTEMPTS))) throw limited('OTP_BLOCK');
    const expected = Buffer.from(otp.code_hash, 'hex');
    const actual = Buffer.from(codeHash(otp.id, otpCode), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      if (otp.attempts + 1 >= OTP_MAX_ATTEMPTS) throw limited('OTP_BLOCK');
      throw refused('OTP_CODE_INVALID', 'otpCode');
    }
    if (!(await repo.markVerified(db, otp.id, clock.now()))) throw refused('OTP_VERIFIED');
    return { message: 'OTP_CODE_VALID' };
  }

  /** Registration calls this while OTP registration is on; it spends the verification so it works once. */
  async function consumeVerification(trx: Transaction<Database>, phone: string): Promise<void> {
    const verification = await repo.findUsableVerification(trx, phone, clock.now() - VERIFICATION_VALID_MS);
    if (!verification) throw refused('UNVERIFIED_OTP', 'username');
    await repo.markConsumed(trx, verification.id, clock.now());
  }

  async function hasUsableVerification(phone: string): Promise<boolean> {
    return Boolean(await repo.findUsableVerification(db, phone, clock.now() - VERIFICATION_VALID_MS));
  }

  /**
   * Forgot password (issue 18): a code to a registered phone, under the same per-phone, per-address and
   * global limits as registration codes. It proves the phone only for a reset (purpose 'reset').
   */
  async function sendReset(phoneNumber: string, clientIp: string, language: Language = 'th'): Promise<OtpSendResponse> {
    if (!isValidPhone(phoneNumber, deps.laoMode)) throw refused('PHONE_NUMBER_REQUIRE_10_DIGIT', 'phoneNumber');
    // Registration already answers EXISTING_USER for a known phone, so saying NO_USER hides nothing more.
    if (!(await isPhoneRegistered(db, phoneNumber))) throw refused('NO_USER', 'phoneNumber');
    const now = clock.now();
    return limitAndSend(phoneNumber, clientIp, now, 'reset', (code, ref) =>
      otpMessage('reset', language, { app: deps.appName, code, ref, minutes: OTP_TTL_SECONDS / 60 }),
    );
  }

  /** The phone a verified reset code proved, spent inside the reset's transaction so it works once. */
  async function consumeResetVerification(trx: Transaction<Database>, otpToken: string): Promise<string> {
    const now = clock.now();
    const phone = await repo.consumeResetVerification(trx, sha256(otpToken), now - VERIFICATION_VALID_MS, now);
    if (!phone) throw refused('UNVERIFIED_OTP', 'otpToken');
    return phone;
  }

  return { send, verify, consumeVerification, hasUsableVerification, sendReset, consumeResetVerification };
}

export type OtpService = ReturnType<typeof createOtpService>;
