/**
 * OTP limits without Zod: the web app imports these at runtime, and a runtime import of otp.ts would
 * pull Zod into its chunks. otp.ts re-exports them.
 */

export const OTP_CODE_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
/** Sends allowed per phone within OTP_SEND_WINDOW_SECONDS before OTP_BLOCK. */
export const OTP_MAX_SENDS = 5;
export const OTP_SEND_WINDOW_SECONDS = 3600;
/** Seconds a player waits before asking for another code. */
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
