import type { ClientMessage } from '@wallet/contract/errors';

/**
 * What kind of "no" a domain rule says. One SPEC §8 code can be several kinds (KEY_INVALID is a bad
 * input here and a state that moved on there), so the kind travels with the code; which HTTP status a
 * kind becomes is decided once, at the edge (http/error-status.ts), never by the code that refuses.
 */
export type DomainErrorKind =
  /** The request breaks a rule or carries bad input. */
  | 'refused'
  /** Nobody known asks: no token, a forged one, an expired session, a bad signature. */
  | 'unauthenticated'
  /** Someone known asks for what they may not do. */
  | 'forbidden'
  | 'not-found'
  /** The state moved on: already done, decided, taken, or the same key for another request. */
  | 'conflict'
  /** The service is terminated. */
  | 'gone'
  /** Too many tries. */
  | 'limited'
  /** An outside system (game provider, SMS gateway) failed or refused. */
  | 'upstream-failed'
  /** Not possible right now: nothing is configured to do it, or a retry may simply run. */
  | 'unavailable'
  /** Our own books disagree with themselves: a bug, never the player's doing. */
  | 'internal';

/**
 * The one error a service, repo, ledger step or domain-event handler throws to refuse: a catalogue code
 * (SPEC §8), optionally the field at fault, and its kind. A handler of an in-transaction event that
 * throws one rolls the whole transaction back and the publishing feature answers it.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ClientMessage,
    readonly kind: DomainErrorKind = 'refused',
    readonly field?: string,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

export const refused = (code: ClientMessage, field?: string) => new DomainError(code, 'refused', field);
export const conflict = (code: ClientMessage, field?: string) => new DomainError(code, 'conflict', field);
export const notFound = (code: ClientMessage) => new DomainError(code, 'not-found');
export const forbidden = (code: ClientMessage) => new DomainError(code, 'forbidden');
export const limited = (code: ClientMessage) => new DomainError(code, 'limited');
export const upstreamFailed = (code: ClientMessage) => new DomainError(code, 'upstream-failed');
export const unauthenticated = (code: ClientMessage = 'invalid-token') => new DomainError(code, 'unauthenticated');
export const gone = () => new DomainError('gone', 'gone');
