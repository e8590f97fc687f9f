import { act, screen, waitFor } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit(user: ReturnType<typeof renderScreen>['user'], remember: boolean) {
  await user.type(screen.getByLabelText('Phone number'), '0812345678');
  await user.type(screen.getByLabelText('Password'), 'demo1234');
  if (remember) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('asks for both fields inline without calling the server', async () => {
    const calls = mockApi({});
    const { user } = renderScreen(<LoginForm />, '/login');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toContain('Please enter your phone number and password.');
    expect(calls).toHaveLength(0);
  });

  it('shows a server error inline in the form, translated, and stays on the page', async () => {
    mockApi({ 'POST /api/login': { status: 401, body: { message: 'WRONG_CREDENTIAL' } } });
    const { user, router } = renderScreen(<LoginForm />, '/login');
    await fillAndSubmit(user, false);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Incorrect phone number or password.');
    expect(alert.closest('form')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('with remember, keeps the token in localStorage and goes to /user', async () => {
    const calls = mockApi({ 'POST /api/login': { body: { token: 'tok-remember' } } });
    const { user } = renderScreen(<LoginForm />, '/login');
    await fillAndSubmit(user, true);
    expect((await screen.findByTestId('page')).textContent).toContain('/user');
    expect(localStorage.getItem('token')).toBe('tok-remember');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(calls[0]?.body).toEqual({ username: '0812345678', password: 'demo1234', remember: true });
  });

  it('without remember, keeps the token for the session only and follows ?next=', async () => {
    mockApi({ 'POST /api/login': { body: { token: 'tok-session' } } });
    const { user, router } = renderScreen(<LoginForm />, '/login', '/login?next=%2Fuser%2Fprofile');
    await fillAndSubmit(user, false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'));
    expect(sessionStorage.getItem('token')).toBe('tok-session');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('ignores a next URL that points to another site', async () => {
    mockApi({ 'POST /api/login': { body: { token: 't' } } });
    const { user, router } = renderScreen(<LoginForm />, '/login', '/login?next=%2F%2Fevil.example');
    await fillAndSubmit(user, false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
  });

  it('logs in with a pasted "081-234-5678" as the 10 digits, never cut short (issue 18)', async () => {
    const calls = mockApi({ 'POST /api/login': { body: { token: 'tok' } } });
    const { user } = renderScreen(<LoginForm />, '/login');
    await user.click(screen.getByLabelText('Phone number'));
    await user.paste('+66 81-234-5678');
    expect(screen.getByLabelText('Phone number')).toHaveProperty('value', '0812345678');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByTestId('page');
    expect(calls[0]?.body).toMatchObject({ username: '0812345678' });
  });

  it('opens with the phone just registered filled in, and links to the forgotten-password flow', async () => {
    mockApi({});
    const { router } = renderScreen(<LoginForm />, '/login', '/user');
    await act(() => router.navigate('/login', { state: { phone: '0812345678' } }));
    expect(await screen.findByLabelText('Phone number')).toHaveProperty('value', '0812345678');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });
});
