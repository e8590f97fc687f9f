import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
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
          : { status: 401, body: { message: 'TOTP_REQUIRED', field: 'otp' } },
      'GET /api/backoffice/me': { body: me('owner') },
    });
    const { user, router } = renderApp('/sign-in');
    await typeCredentials(user);
    await user.type(await screen.findByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code.');
    await user.type(screen.getByLabelText('6-digit code'), '9');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // A wrong code answers TOTP_REQUIRED again: the step stays and says so.
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code from your authenticator app.');
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((call) => call.path === '/api/backoffice/login').at(-1)?.body).toEqual({
      username: 'admin',
      password: 'admin1234',
      otp: '123456',
    });
  });

  it.each([
    ['LOGIN_FAIL', 'Wrong username or password.'],
    ['REQUEST_LIMIT', 'Too many failed attempts. Sign-in is locked for a while; try again later.'],
    ['INACTIVE_USER', 'This account is disabled. Ask an owner to enable it.'],
  ])('shows %s translated and stays on sign-in', async (code, text) => {
    mockApi({
      'POST /api/backoffice/login': { status: code === 'REQUEST_LIMIT' ? 429 : 400, body: { message: code } },
    });
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
