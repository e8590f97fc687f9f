import {
  type SlipImage,
  type SlipTransfer,
  type SlipTransferQuery,
  type SlipVerifyProvider,
  SlipVerifyUnavailable,
} from './slip-verify-provider.ts';

/** How a slip vendor adapter reaches its vendor: every call bounded in time, safe retries bounded too. */
export interface VendorHttpOptions {
  /** One request slower than this is abandoned (and counts as an outage). */
  timeoutMs: number;
  /** Further tries after a transient failure (network, timeout, 5xx, 429): verification only reads. */
  retries: number;
  /** Wait before the first retry; doubles for each next one. */
  backoffMs: number;
  /** Injected so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_VENDOR_HTTP: VendorHttpOptions = { timeoutMs: 8_000, retries: 2, backoffMs: 300 };

export interface VendorAnswer {
  status: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A failure worth trying again at once: the request may never have reached the vendor, or it was busy. */
class Transient extends Error {}

async function once(url: string, init: RequestInit, timeoutMs: number): Promise<VendorAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new Transient(timedOut ? `no answer within ${timeoutMs} ms` : 'could not connect');
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new Transient(`answer cut off (HTTP ${response.status})`);
  }
  if (response.status >= 500) throw new Transient(`HTTP ${response.status}`);
  if (response.status === 429) throw new Transient('rate limited (HTTP 429)');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/**
 * POSTs to a slip vendor. Network failures, timeouts, 5xx and 429 are retried a bounded number of times
 * with doubling waits; when they persist the vendor counts as unavailable (SlipVerifyUnavailable, whose
 * message names the vendor and the cause, never the request's headers). Any other answer is returned
 * for the adapter to read.
 */
export async function postToVendor(
  vendor: string,
  url: string,
  init: Omit<RequestInit, 'signal' | 'method'>,
  options: VendorHttpOptions,
): Promise<VendorAnswer> {
  const sleep = options.sleep ?? defaultSleep;
  let lastCause = '';
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) await sleep(options.backoffMs * 2 ** (attempt - 1));
    try {
      return await once(url, { ...init, method: 'POST' }, options.timeoutMs);
    } catch (error) {
      if (!(error instanceof Transient)) throw error;
      lastCause = error.message;
    }
  }
  throw new SlipVerifyUnavailable(`${vendor}: ${lastCause}`);
}

/** Baht as vendors write it (a JSON number, sometimes a string) in satang; NaN when it is not an amount. */
export function bahtToMinor(value: unknown): number {
  const baht = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
  if (typeof baht !== 'number' || !Number.isFinite(baht)) return Number.NaN;
  return Math.round(baht * 100);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field of a vendor answer, or '' when it is missing or of another type. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** How one slip vendor is spoken to; the rest (timeouts, retries, image upload) is the same for all. */
export interface VendorProtocol {
  name: string;
  url: string;
  /** Authentication headers (the key travels only here). */
  headers: Record<string, string>;
  /** The JSON body carrying the mini QR's text. */
  qrBody(payload: string): unknown;
  /** The multipart field the image goes in. */
  imageField: string;
  /** The transfer, null for "no such slip"; throws SlipVerifyUnavailable otherwise. */
  readAnswer(status: number, body: unknown): SlipTransfer | null;
}

/** A verifier that asks a vendor by QR text, or by image when the server could read no QR. */
export function createVendorVerifier(protocol: VendorProtocol, http: VendorHttpOptions): SlipVerifyProvider {
  const ask = async (init: Omit<RequestInit, 'signal' | 'method'>) => {
    const answer = await postToVendor(protocol.name, protocol.url, init, http);
    return protocol.readAnswer(answer.status, answer.body);
  };
  return {
    name: protocol.name,
    lookup: (query: SlipTransferQuery) =>
      ask({
        headers: { ...protocol.headers, 'content-type': 'application/json' },
        body: JSON.stringify(protocol.qrBody(query.payload)),
      }),
    lookupImage(image: SlipImage) {
      const form = new FormData();
      const extension = image.contentType === 'image/png' ? 'png' : 'jpg';
      const file = new Blob([new Uint8Array(image.bytes)], { type: image.contentType });
      form.append(protocol.imageField, file, `slip.${extension}`);
      return ask({ headers: protocol.headers, body: form });
    },
  };
}
