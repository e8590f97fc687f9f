import type { DomainError, DomainErrorKind } from '../lib/domain-error.ts';

/**
 * The HTTP status of each kind of domain error: the one place it is decided (DESIGN §7). The error
 * handler answers with it, and idempotency stores it with a failure's answer for repeats.
 */
const STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = {
  refused: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  limited: 429,
  internal: 500,
  'upstream-failed': 502,
  unavailable: 503,
};

export function statusOf(error: DomainError): number {
  return STATUS_OF_KIND[error.kind];
}

/** The body every domain error leaves as: its code, and the field at fault when it names one. */
export function failureBody(error: DomainError): { message: string; field?: string } {
  return error.field ? { message: error.code, field: error.field } : { message: error.code };
}

/** A failure answered before under the same Idempotency-Key, sent again exactly as it was stored. */
export class ReplayedFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; field?: string },
  ) {
    super(body.message);
    this.name = 'ReplayedFailure';
  }
}
