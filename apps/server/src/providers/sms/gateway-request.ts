import { jsonBody, neverReachedService, timedOut } from '../../lib/outside-call.ts';
import { SmsSendError } from './sms-provider.ts';

export interface GatewayAnswer {
  status: number;
  /** The parsed JSON body, `undefined` when the body is not JSON. */
  json: unknown;
}

/**
 * One HTTP call to an SMS gateway within `timeoutMs` (answer body included), turned into an
 * SmsSendError when the call itself failed: never reached, timed out, dropped, 429 or 5xx. Anything
 * else is handed back for the adapter to read its vendor's answer.
 */
export async function requestGateway(
  gateway: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<GatewayAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const json = await jsonBody(response);
    if (response.status === 429) throw new SmsSendError(gateway, 'rate-limited', 'HTTP 429');
    if (response.status >= 500) throw new SmsSendError(gateway, 'server-error', `HTTP ${response.status}`);
    return { status: response.status, json };
  } catch (error) {
    if (error instanceof SmsSendError) throw error;
    if (timedOut(error)) throw new SmsSendError(gateway, 'timeout', `no answer within ${timeoutMs} ms`);
    if (neverReachedService(error)) throw new SmsSendError(gateway, 'unreachable', 'connection failed');
    throw new SmsSendError(gateway, 'connection-lost', error instanceof Error ? error.name : 'error');
  }
}

/** The `{ "error": { "code", "name", "description" } }` answer ThaiBulkSMS and Movider both use. */
export function vendorError(json: unknown): { code: string; name: string; description: string } | undefined {
  const error = (json as { error?: unknown } | undefined)?.error;
  if (!error || typeof error !== 'object') return undefined;
  const { code, name, description } = error as Record<string, unknown>;
  return { code: String(code ?? ''), name: String(name ?? ''), description: String(description ?? '') };
}

/** Credit, quota, balance: the account cannot pay for the message. */
const OUT_OF_CREDIT = /credit|balance|quota|insufficient/i;

/**
 * A 4xx answer in that shape: a refusal. Out of credit and wrong credentials say the gateway is
 * unusable until someone acts; the detail carries the vendor's code and name for the operator.
 */
export function refusalFrom(gateway: string, answer: GatewayAnswer): SmsSendError {
  const error = vendorError(answer.json);
  const said = error ? `${error.code} ${error.name}`.trim() : 'no error body';
  const why = error && OUT_OF_CREDIT.test(`${error.name} ${error.description}`) ? 'out of credit, ' : '';
  return new SmsSendError(gateway, 'rejected', `${why}HTTP ${answer.status}: ${said}`);
}

interface NumberListsAnswer {
  phone_number_list?: { number?: unknown }[];
  bad_phone_number_list?: { number?: unknown }[];
}

/**
 * ThaiBulkSMS and Movider take one form POST per message and answer the same way: a 4xx error
 * object, or the numbers taken (phone_number_list) and refused (bad_phone_number_list). Resolves
 * when `wireNumber` was taken.
 */
export async function postFormForNumber(
  gateway: string,
  call: { url: string; headers: Record<string, string>; form: URLSearchParams; timeoutMs: number },
  wireNumber: string,
): Promise<void> {
  const answer = await requestGateway(
    gateway,
    call.url,
    {
      method: 'POST',
      headers: { ...call.headers, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: call.form.toString(),
    },
    call.timeoutMs,
  );
  if (answer.status >= 400) throw refusalFrom(gateway, answer);
  const body = answer.json as NumberListsAnswer | undefined;
  const listed = (list: { number?: unknown }[] | undefined) =>
    list?.some((entry) => String(entry.number) === wireNumber);
  if (listed(body?.bad_phone_number_list)) throw new SmsSendError(gateway, 'bad-number', 'in bad_phone_number_list');
  if (!listed(body?.phone_number_list)) {
    throw new SmsSendError(gateway, 'malformed-answer', `HTTP ${answer.status} without the number it took`);
  }
}
