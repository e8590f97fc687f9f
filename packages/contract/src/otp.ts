import { z } from 'zod';
import { phoneField } from './account.ts';
import { text } from './common.ts';

export {
  OTP_CODE_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
} from './otp-rules.ts';

export const otpSendPayload = z.object({ phoneNumber: phoneField() });

/** POST /api/otp/send and /send-reset take `?lang=th|lo|en`: the SMS is written in it (Thai otherwise). */
export { lookupLanguageQuery as otpSendQuery } from './lookup.ts';
export type OtpSendPayload = z.input<typeof otpSendPayload>;

/**
 * POST /api/otp/send-reset (issue 18, forgot password): a code to a registered phone, answered like
 * /api/otp/send (code is always OK); the player then verifies it with /api/otp/verify.
 */
export const otpSendResetPayload = otpSendPayload;
export type OtpSendResetPayload = OtpSendPayload;

/**
 * POST /api/otp/send. code is the response code: OTP_VERIFIED when the phone was already verified
 * (the wizard skips to the profile step, otpToken is then empty), otherwise OK.
 */
export const otpSendResponse = z.object({
  otpRef: z.string(),
  otpToken: z.string(),
  code: z.enum(['OK', 'OTP_VERIFIED']),
  /** Seconds until the code expires. */
  expireIn: z.number().int(),
});
export type OtpSendResponse = z.infer<typeof otpSendResponse>;

export const otpVerifyPayload = z.object({
  otpToken: text().trim().min(1).max(200),
  otpCode: text().trim().min(1).max(10),
});
export type OtpVerifyPayload = z.infer<typeof otpVerifyPayload>;

/** POST /api/otp/verify answers OTP_CODE_VALID on success. */
export const otpVerifyResponse = z.object({ message: z.literal('OTP_CODE_VALID') });
