import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { me, renderApp } from '@/test/render';

const answer = { token: 'op-token-1', operator: { id: 'op-owner', username: 'admin', role: 'owner' } };

async function typeCredentials(user: ReturnType<typeof renderApp>['user'], password = 'admin1234') {
  await user.type(await screen.findByLabelText('Username'), 'admin');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('signs in, keeps the token under its own key (never the player’s) and opens the shell', async () => {
    const calls = mockApi({
      'POST /api/backoffice/login': { body: answer },
      'GET /api/backoffice/me': { body: me('owner', { username: 'admin' }) },
    });
    const { user, router } = renderApp('/sign-in');
    await typeCredentials(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]).toMatchObject({ body: { username: 'admin', password: 'admin1234' } });
    expect(sessionStorage.getItem('backoffice-token')).toBe('op-token-1');
    expect(localStorage.getItem('token') ?? sessionStorage.getItem('token')).toBeNull();
    expect(await screen.findByTestId('operator-name')).toHaveProperty('textContent', 'admin');
    const me_ = calls.find((call) => call.path === '/api/backoffice/me');
    expect(me_?.headers.Authorization).toBe('Bearer op-token-1');
  });

  it('asks for the authenticator code when the server requires it, then sends it with the password', async () => {
    const calls = mockApi({
      'POST /api/backoffice/login': (body) =>
        (body as { otp?: string }).otp === '123456'
          ? { body: answer }
          : (body as { otp?: string }).otp
            ? { status: 400, body: { message: 'OTP_CODE_INVALID', field: 'otp' } }
            : { status: 400, body: { message: 'TOTP_REQUIRED', field: 'otp' } },
      'GET /api/backoffice/me': { body: me('owner') },
    });
    const { user, router } = renderApp('/sign-in');
    await typeCredentials(user);
    await user.type(await screen.findByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code.');
    await user.type(screen.getByLabelText('6-digit code'), '9');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // A wrong code answers OTP_CODE_INVALID: the step stays, says so and empties the field for the next code.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is wrong or was already used. Wait for the next code and try again.',
    );
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((call) => call.path === '/api/backoffice/login').at(-1)?.body).toEqual({
      username: 'admin',
      password: 'admin1234',
      otp: '123456',
    });
  });

  // The codes and statuses the server's sign-in really answers (modules/backoffice/auth.service.ts).
  it.each([
    ['WRONG_CREDENTIAL', 400, 'Wrong username or password.'],
    ['REQUEST_LIMIT', 429, 'Too many failed attempts. Sign-in is locked for a while; try again later.'],
    ['INACTIVE_USER', 403, 'This account is disabled. Ask an owner to enable it.'],
  ])('shows %s translated and stays on sign-in', async (code, status, text) => {
    mockApi({ 'POST /api/backoffice/login': { status, body: { message: code } } });
    const { user, router } = renderApp('/sign-in');
    await typeCredentials(user, 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(sessionStorage.getItem('backoffice-token')).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    const calls = mockApi({});
    const { user } = renderApp('/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your username and password.');
    expect(calls).toEqual([]);
  });
});
