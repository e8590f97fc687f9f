import { ApiError } from '@wallet/web-kit/api/api-error';
import { newIdempotencyKey, TIMEOUT } from '@wallet/web-kit/api/client';
import { getToken, setToken } from '@wallet/web-kit/lib/auth-token';
import { setNavigator } from '@wallet/web-kit/lib/navigation';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { api } from './api-client';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('HTTP client', () => {
  it('unwraps the JSON body and sends the bearer token and X-Requested-With', async () => {
    setToken('abc123', true);
    const calls = mockApi({ 'GET /api/account/profile': { body: { name: 'Somchai' } } });
    await expect(api.get('/api/account/profile')).resolves.toEqual({ name: 'Somchai' });
    expect(calls[0]?.headers.Authorization).toBe('Bearer abc123');
    expect(calls[0]?.headers['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('sends no Authorization header without a token, and the Idempotency-Key when given', async () => {
    const calls = mockApi({ 'POST /api/wallet/withdraw': { body: { message: 'SUCCESS' } } });
    const key = newIdempotencyKey();
    await api.post('/api/wallet/withdraw', { amount: 100 }, { idempotencyKey: key });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['Idempotency-Key']).toBe(key);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it("'invalid-token' clears the stored token and goes to /login", async () => {
    setToken('stale', true);
    mockApi({ 'GET /api/account/profile': { status: 401, body: { message: 'invalid-token' } } });
    const error = await failure(api.get('/api/account/profile'));
    expect(error.code).toBe('invalid-token');
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("'gone' (410, service terminated) goes to /terminated", async () => {
    mockApi({ 'GET /api/lookup/active': { status: 410, body: { message: 'gone' } } });
    const error = await failure(api.get('/api/lookup/active'));
    expect(error.code).toBe('gone');
    expect(navigate).toHaveBeenCalledWith('/terminated');
  });

  it('translates a known code through errors.<CODE> in the current language', async () => {
    mockApi({ 'PUT /api/account/changepwd': { status: 400, body: { message: 'WRONG_PASSWORD' } } });
    expect((await failure(api.put('/api/account/changepwd', {}))).message).toBe('The password is incorrect.');
    await setLanguage('th');
    expect((await failure(api.put('/api/account/changepwd', {}))).message).toBe('รหัสผ่านไม่ถูกต้อง');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows an unknown code raw and keeps the field', async () => {
    mockApi({ 'POST /api/account': { status: 400, body: { message: 'SOMETHING_NEW', field: 'bankAccountNo' } } });
    const error = await failure(api.post('/api/account', {}));
    expect(error.message).toBe('SOMETHING_NEW');
    expect(error.field).toBe('bankAccountNo');
    expect(error.status).toBe(400);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN'])('%s ("cannot verify identity") goes to /login', async (code) => {
    setToken('old', false);
    mockApi({ 'GET /api/wallet': { status: 401, body: { message: code } } });
    const error = await failure(api.get('/api/wallet'));
    expect(error.message).toBe('Cannot verify your identity. Please log in again.');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(getToken()).toBeNull();
  });

  it('gives up after 60 s with a timeout error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = failure(api.get('/api/wallet'));
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe(TIMEOUT);
  });
});
