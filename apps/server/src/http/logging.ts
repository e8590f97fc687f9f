import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: signed slip-image links, game sessions, gift vouchers. */
const SECRET_QUERY_KEYS = new Set(['sig', 'session', 'token', 'v', 'otp', 'code']);

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
  'temporaryPassword',
];

/** The request line without the values of secret query parameters. */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const key of params.keys()) if (SECRET_QUERY_KEYS.has(key)) params.set(key, '[redacted]');
  return `${url.slice(0, query)}?${params.toString()}`;
}

/**
 * pino options for the server (main.ts) and for tests that read its lines: who asked (player or
 * operator id, once known), never a password, token, OTP code or bank account number.
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
