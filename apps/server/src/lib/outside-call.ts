/**
 * What went wrong with an HTTP call to an outside service, in the terms that decide what may be done
 * next: whether the service can have acted on the request (so sending it again could act twice).
 */

/** Network errors raised before a single byte of the request could reach the service. */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The request never left this machine (connection refused, no such host): sending again is safe. */
export function neverReachedService(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && NEVER_SENT_CODES.has(code);
}

/** Our own deadline (AbortSignal.timeout) fired: the service may or may not have acted. */
export function timedOut(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The body of an answer as JSON, or `undefined` when it is not JSON. */
export async function jsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
