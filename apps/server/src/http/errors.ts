import type { ClientMessage } from '@wallet/contract/errors';

/**
 * A refusal the player can act on: an HTTP status plus a catalogue code (SPEC §8), optionally naming
 * the field at fault. Services throw it; the error handler turns it into `{ message, field }`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ClientMessage,
    readonly statusCode = 400,
    readonly field?: string,
  ) {
    super(code);
  }
}

export const badRequest = (code: ClientMessage, field?: string) => new AppError(code, 400, field);
export const conflict = (code: ClientMessage, field?: string) => new AppError(code, 409, field);
export const notFound = (code: ClientMessage) => new AppError(code, 404);
export const tooManyRequests = (code: ClientMessage) => new AppError(code, 429);
export const invalidToken = () => new AppError('invalid-token', 401);
export const gone = () => new AppError('gone', 410);
