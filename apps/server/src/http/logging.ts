import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value never reaches the log: secrets (signed slip-image links, game sessions,
 * gift vouchers) and what staff search for or look up (a search term may be a phone, a name or a bank
 * account number; README: account numbers never appear in the log).
 */
const MASKED_QUERY_KEYS = new Set([
  'sig',
  'session',
  'token',
  'v',
  'otp',
  'code',
  'q',
  'search',
  'phone',
  'phoneNumber',
  'username',
  'accountNo',
  'bankAccountNo',
  'fromAccountNo',
  'toAccountNo',
  'senderAccountNo',
]);

/**
 * A run of digits as long as a phone or bank account number (SPEC §5: 10 to 15 digits; a search may
 * hold part of one): masked wherever it stands in a path, a query value or an error's text. Ids
 * (lib/ids.ts) mix letters in and keep their meaning.
 */
const NUMBER_LIKE = /\d{6,}/g;
const MASK = '[redacted]';

/**
 * Body and header fields no log line may show. Fastify's own request lines never log bodies; these
 * cover any handler or error that logs an object carrying them.
 */
const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'otp',
  'otpCode',
  'token',
  'otpToken',
  'bankAccountNo',
  'accountNo',
  'fromAccountNo',
  'toAccountNo',
  'senderAccountNo',
  'phone',
  'phoneNumber',
  'q',
  'temporaryPassword',
];

function maskNumbers(text: string): string {
  return text.replace(NUMBER_LIKE, MASK);
}

/**
 * The request line as it may be logged: the values of secret and search parameters masked, and any
 * path segment or other value holding a phone- or account-number-like run of digits.
 */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const maskedPath = path
    .split('/')
    .map((segment) => (/\d{6,}/.test(safeDecode(segment)) ? MASK : segment))
    .join('/');
  if (query < 0) return maskedPath;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const [key, value] of [...params.entries()]) {
    if (MASKED_QUERY_KEYS.has(key) || /\d{6,}/.test(value)) params.set(key, MASK);
  }
  return `${maskedPath}?${params.toString()}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * An error as it may be logged (its type, message, stack, cause and own fields, as pino's own error
 * serializer shows them), with phone- and account-number-like digits masked in its text: a PostgreSQL
 * unique violation names the duplicate value in `detail`.
 */
export function loggableError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? maskNumbers(error) : error;
  const fields: Record<string, unknown> = { type: error.constructor?.name ?? 'Error' };
  for (const [key, value] of Object.entries({ ...error, message: error.message, stack: error.stack })) {
    fields[key] = typeof value === 'string' ? maskNumbers(value) : value;
  }
  if (error.cause !== undefined && depth < 3) fields.cause = loggableError(error.cause, depth + 1);
  return fields;
}

/**
 * pino options for the server (main.ts) and for tests that read its lines: who asked (player or
 * operator id, once known), never a password, token, OTP code, search term, phone or bank account
 * number (in request lines, error lines or logged objects).
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: loggableError,
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: loggableUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * Names who is asking on the request's remaining log lines, "request completed" included (Fastify logs
 * it on the same child logger). Without a logger (tests, bench) there is nothing to bind.
 */
export function bindLogTo(request: FastifyRequest, who: { userId: string } | { operatorId: string }): void {
  const log = request.log as FastifyRequest['log'] & { setBindings?(bindings: object): void };
  log.setBindings?.(who);
}
