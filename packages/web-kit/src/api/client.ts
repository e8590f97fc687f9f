import { GONE, INVALID_TOKEN } from '@wallet/contract/client-messages';
import { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '@wallet/contract/constants';
import type { i18n as I18n } from 'i18next';
import { clearToken, getToken } from '../lib/auth-token';
import { navigateTo } from '../lib/navigation';
import { ApiError } from './api-error';

/** Client-side codes for failures that never reached the server; translated under net.* */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const TIMEOUT = 'TIMEOUT';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  /** Money-moving POSTs send one key per player action so a retry never moves money twice. */
  idempotencyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface UploadOptions {
  idempotencyKey?: string;
  timeoutMs?: number;
  onProgress?: (fraction: number) => void;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Where an app keeps its session token: each app has its own, so a player's and an operator's never mix. */
export interface TokenSource {
  get(): string | null;
  clear(): void;
}

const playerToken: TokenSource = { get: getToken, clear: clearToken };

function messageOf(body: unknown): { message?: string; field?: string } {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const field = 'field' in body && typeof body.field === 'string' ? body.field : undefined;
    return { message: body.message, field };
  }
  return {};
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface ApiClientSettings {
  /** The API origin, '' for the page's own. */
  baseUrl: string;
  /** Where an invalid or expired session sends the user. */
  loginPath: string;
  /** Where a terminated service sends the user (SPEC §2). */
  terminatedPath: string;
  /** The app's translations: error codes are shown through errors.<CODE>, network failures through net.*. */
  i18n: Pick<I18n, 't' | 'exists'>;
  /** The session token to send and to drop on invalid-token; the player's by default. */
  token?: TokenSource;
}

/** The HTTP client of one app: each app says where its API lives and where its login and terminated pages are. */
export function createApiClient({ baseUrl, loginPath, terminatedPath, i18n, token = playerToken }: ApiClientSettings) {
  function url(path: string): string {
    return `${baseUrl}${path}`;
  }

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    const result: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      ...extra,
    };
    const value = token.get();
    if (value) result.Authorization = `Bearer ${value}`;
    return result;
  }

  function toLogin(): void {
    token.clear();
    navigateTo(loginPath);
  }

  /**
   * SPEC §8 "Handling": invalid-token → /login; gone → /terminated; otherwise the code is translated through
   * errors.<CODE> when that key exists, else shown raw; a text equal to "cannot verify identity" → /login.
   * Returns the error the caller receives, carrying the text to show.
   */
  function handleServerMessage(code: string, status: number, field?: string): ApiError {
    if (code === INVALID_TOKEN) {
      toLogin();
      return new ApiError(code, i18n.t('errors.invalid-token'), status, field);
    }
    if (code === GONE) {
      navigateTo(terminatedPath);
      return new ApiError(code, i18n.t('errors.gone'), status, field);
    }
    const key = `errors.${code}`;
    const text = i18n.exists(key) ? i18n.t(key) : code;
    if (text === i18n.t('errors.UNAUTHORIZED')) toLogin();
    return new ApiError(code, text, status, field);
  }

  /** Turns a response (status + parsed body) into the body, or throws the handled error. */
  function unwrap<T>(status: number, body: unknown): T {
    const { message, field } = messageOf(body);
    // A 'gone' or 'invalid-token' message redirects whatever the status (SPEC §2 route guard).
    if (message === GONE || message === INVALID_TOKEN) throw handleServerMessage(message, status, field);
    if (status >= 200 && status < 300) return body as T;
    throw handleServerMessage(message ?? (status === 401 ? INVALID_TOKEN : 'INTERNAL_SERVER_ERROR'), status, field);
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = 'GET', body, idempotencyKey, timeoutMs = REQUEST_TIMEOUT_MS, signal } = options;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });

    const extra: Record<string, string> = {};
    if (body !== undefined) extra['Content-Type'] = 'application/json';
    if (idempotencyKey) extra['Idempotency-Key'] = idempotencyKey;

    let response: Response;
    let text: string;
    try {
      response = await fetch(url(path), {
        method,
        headers: headers(extra),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      text = await response.text();
    } catch (cause) {
      if (timedOut) throw new ApiError(TIMEOUT, i18n.t('net.timeout'), 0);
      if (signal?.aborted) throw cause;
      throw new ApiError(NETWORK_ERROR, i18n.t('net.offline'), 0);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
    return unwrap<T>(response.status, parseJson(text));
  }

  /** Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. */
  function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    const { idempotencyKey, timeoutMs = UPLOAD_TIMEOUT_MS, onProgress } = options;
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url(path));
      xhr.timeout = timeoutMs;
      for (const [name, value] of Object.entries(
        headers(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      )) {
        xhr.setRequestHeader(name, value);
      }
      if (onProgress) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
        };
      }
      xhr.onload = () => {
        try {
          resolve(unwrap<T>(xhr.status, parseJson(xhr.responseText)));
        } catch (error) {
          reject(error);
        }
      };
      xhr.ontimeout = () => reject(new ApiError(TIMEOUT, i18n.t('net.timeout'), 0));
      xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, i18n.t('net.offline'), 0));
      xhr.send(form);
    });
  }

  return {
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, options),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
    upload,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
