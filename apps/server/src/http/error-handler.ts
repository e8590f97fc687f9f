import { DESIGNED_CODES, type DesignedCode } from '@wallet/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/domain-error.ts';
import { failureBody, ReplayedFailure, statusOf } from './error-status.ts';

type Issue = { keyword: string; instancePath: string; message: string; params: Record<string, unknown> };

/**
 * Missing or empty → KEY_MISSING; present but of the wrong type, form or size → KEY_INVALID; a contract
 * rule that names a designed code of its own (WEAK_PASSWORD) → that code.
 */
function codeForIssue(issue: Issue): 'KEY_MISSING' | 'KEY_INVALID' | DesignedCode {
  if (issue.keyword === 'custom' && (DESIGNED_CODES as readonly string[]).includes(issue.message)) {
    return issue.message as DesignedCode;
  }
  if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message)) return 'KEY_MISSING';
  if (issue.keyword === 'too_small' && issue.params.origin === 'string' && issue.params.minimum === 1) {
    return 'KEY_MISSING';
  }
  return 'KEY_INVALID';
}

/**
 * Every error leaves as `{ message, field?, requestId? }` (DESIGN §7). A 500 never carries a stack
 * trace or internal text; it is logged with the request id so support can find it.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError | ReplayedFailure, request, reply) => {
    if (error instanceof DomainError) return reply.status(statusOf(error)).send(failureBody(error));
    if (error instanceof ReplayedFailure) return reply.status(error.status).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0] as unknown as Issue;
      // An issue with the whole body (or query) has no path of its own: the part of the request names it.
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext;
      return reply.status(400).send({ message: codeForIssue(issue), ...(field ? { field } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: 'REQUEST_LIMIT' });
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body over the limit, a wrong content type: the client's fault, said plainly.
      return reply.status(status).send({ message: 'KEY_INVALID' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'INTERNAL_SERVER_ERROR', requestId: request.id });
  });
}
