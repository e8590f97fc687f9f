/**
 * Transfer-slip upload (POST /api/wallet/slip) as both sides build it. The response and list shapes
 * live in statement.ts beside the statement; these are the rules around them.
 */

/** The multipart field that carries the slip image; the server reads one file from this field only. */
export const SLIP_FILE_FIELD = 'file';

/** Image types the server accepts, judged by the file's content (magic bytes), not its name. */
export const SLIP_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type SlipImageType = (typeof SLIP_IMAGE_TYPES)[number];
/** For a file input's accept attribute. */
export const SLIP_ACCEPT = SLIP_IMAGE_TYPES.join(',');

/** Slip statuses travel in lower case (SPEC §8); statusKind() in statement.ts reads them. */
export const SLIP_STATUSES = ['processing', 'success', 'failed'] as const;
export type SlipStatus = (typeof SLIP_STATUSES)[number];

/**
 * The `message` of a slip upload answer: SUCCESS when the wallet was credited, OK when the slip was
 * received but is failed (its note says why) or still processing (a later list shows the outcome).
 */
export const SLIP_UPLOAD_MESSAGES = { credited: 'SUCCESS', received: 'OK' } as const;

/** One accepted upload per player per this many ms; more answers 429 REQUEST_LIMIT_1MIN. */
export const SLIP_UPLOAD_INTERVAL_MS = 60_000;

/** A slip must be uploaded within this long after the transfer (SPEC §9), else EXPIRED_SLIP. */
export const SLIP_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Why a slip stays processing for an operator instead of being decided by the server. The player sees
 * only "processing"; the operator sees the reason. AMBIGUOUS_SENDER: the bank confirmed the transfer,
 * but the sending account as the bank shows it (masked) fits another registered player too, so it is
 * not certain the uploader sent it.
 */
/**
 * DEPOSIT_LIMIT (player protection, issue 20): the bank confirmed the transfer, but crediting it would
 * pass the player's deposit limit; like a bank transfer that arrives over a limit, it waits for an operator.
 * PLAYER_RESTRICTED: the same while the player is timed out, self-excluded or cooling off (a slip checked
 * again after the player took a time-out).
 */
export const SLIP_HOLD_REASONS = ['AMBIGUOUS_SENDER', 'DEPOSIT_LIMIT', 'PLAYER_RESTRICTED'] as const;
export type SlipHoldReason = (typeof SLIP_HOLD_REASONS)[number];
