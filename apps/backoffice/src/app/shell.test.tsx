import { screen, waitFor, within } from '@testing-library/react';
import { OPERATOR_ROLES } from '@wallet/contract/backoffice/roles';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { me, renderApp, signedIn } from '@/test/render';

const navLabels = async () =>
  within(await screen.findByRole('navigation', { name: 'Main menu' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the shell', () => {
  it('sends a visitor without an operator session to sign-in, and back afterwards', async () => {
    mockApi({});
    const { router } = renderApp('/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/audit')}`);
  });

  it('does not take the player’s token for an operator session', async () => {
    localStorage.setItem('token', 'player-token');
    mockApi({});
    const { router } = renderApp('/staff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it.each([
    [
      'owner',
      [
        'Dashboard',
        'Money desk',
        'Support chat',
        'Players',
        'Player protection',
        'Bank changes',
        'Adjustments',
        'Staff',
        'Audit log',
        'Settings',
        'Content',
        'Promotions',
        'Spin wheel',
        'My account',
      ],
    ],
    [
      'auditor',
      [
        'Dashboard',
        'Money desk',
        'Support chat',
        'Players',
        'Player protection',
        'Bank changes',
        'Adjustments',
        'Staff',
        'Audit log',
        'Settings',
        'Content',
        'Promotions',
        'Spin wheel',
        'My account',
      ],
    ],
    [
      'finance',
      [
        'Dashboard',
        'Money desk',
        'Players',
        'Player protection',
        'Bank changes',
        'Adjustments',
        'Promotions',
        'Spin wheel',
        'My account',
      ],
    ],
    [
      'support',
      [
        'Dashboard',
        'Money desk',
        'Support chat',
        'Players',
        'Player protection',
        'Bank changes',
        'Spin wheel',
        'My account',
      ],
    ],
    ['marketing', ['Dashboard', 'Content', 'Promotions', 'Spin wheel', 'My account']],
  ] as const)('shows a %s only what the role may open', async (role, expected) => {
    signedIn();
    mockApi({ 'GET /api/backoffice/me': { body: me(role) } });
    renderApp('/');
    await waitFor(async () => expect(await navLabels()).toEqual(expected));
    expect(screen.getByTestId('operator-name').textContent).toBe(`${role}.one`);
    expect(OPERATOR_ROLES).toContain(role);
  });

  it('tells a role that opens a screen it may not use, without calling its API', async () => {
    signedIn();
    const calls = mockApi({ 'GET /api/backoffice/me': { body: me('support') } });
    renderApp('/staff');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    // The money desk's and the chat's badges ask for what the role reads; the staff screen asks nothing.
    await waitFor(() =>
      expect(calls.map((call) => call.path).sort()).toEqual([
        '/api/backoffice/chat/conversations',
        '/api/backoffice/me',
        '/api/backoffice/money/counts',
      ]),
    );
  });

  it('signs out: the server session ends and the token is dropped', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'POST /api/backoffice/logout': { body: { message: 'OK' } },
    });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/backoffice/logout')).toBe(true);
    expect(sessionStorage.getItem('backoffice-token')).toBeNull();
  });

  it('an idle session the server has ended (invalid-token) goes back to sign-in', async () => {
    signedIn();
    mockApi({ 'GET /api/backoffice/me': { status: 401, body: { message: 'invalid-token' } } });
    const { router } = renderApp('/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(sessionStorage.getItem('backoffice-token')).toBeNull();
  });

  it('tells an owner who must enrol two-factor (server: TOTP_ENROLMENT_REQUIRED) where to do it', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('owner', { totpEnrolmentRequired: true }) },
      'GET /api/backoffice/staff': { status: 403, body: { message: 'TOTP_ENROLMENT_REQUIRED' } },
    });
    const { user, router } = renderApp('/staff');
    const banner = await screen.findByTestId('totp-banner');
    expect(banner.textContent).toContain('Your role must turn on two-factor sign-in before it can do anything else.');
    // A notice of the shell, not an alert: it stays while the operator moves around.
    expect(banner.getAttribute('role')).toBeNull();
    await user.click(within(banner).getByRole('link', { name: 'Set it up on My account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByTestId('totp-status')).toBeTruthy();
  });

  it('asks the server again who is signed in when a screen is refused TOTP_ENROLMENT_REQUIRED', async () => {
    signedIn();
    // The role changed to finance since me was read: me is fresh again only after the refusal.
    let meCalls = 0;
    mockApi({
      'GET /api/backoffice/me': () => {
        meCalls += 1;
        return { body: me('owner', { totpEnrolmentRequired: meCalls > 1 }) };
      },
      'GET /api/backoffice/staff': { status: 403, body: { message: 'TOTP_ENROLMENT_REQUIRED' } },
    });
    renderApp('/staff');
    expect(await screen.findByTestId('totp-banner')).toBeTruthy();
    expect(meCalls).toBe(2);
  });

  it.each(['/', '/staff', '/audit'])(
    'holds an operator whose password an owner made on My account, even when %s is asked for',
    async (path) => {
      signedIn();
      const calls = mockApi({
        'GET /api/backoffice/me': { body: me('owner', { mustChangePassword: true, totpEnrolmentRequired: true }) },
      });
      const { router } = renderApp(path);
      const banner = await screen.findByTestId('password-banner');
      expect(banner.textContent).toBe(
        'The password you signed in with was made by an owner. Choose your own below before doing anything else.',
      );
      expect(router.state.location.pathname).toBe('/account');
      expect(await navLabels()).toEqual(['My account']);
      // Two-factor waits too (the server refuses it): no banner for it, no setup button.
      expect(screen.queryByTestId('totp-banner')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Turn on two-factor sign-in' })).toBeNull();
      expect(calls.map((call) => call.path)).toEqual(['/api/backoffice/me']);
    },
  );

  it('asks the server again who is signed in when a screen is refused PASSWORD_CHANGE_REQUIRED', async () => {
    signedIn();
    let meCalls = 0;
    mockApi({
      'GET /api/backoffice/me': () => {
        meCalls += 1;
        return { body: me('owner', { mustChangePassword: meCalls > 1 }) };
      },
      'GET /api/backoffice/staff': { status: 403, body: { message: 'PASSWORD_CHANGE_REQUIRED' } },
    });
    const { router } = renderApp('/staff');
    expect(await screen.findByTestId('password-banner')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('shows no two-factor banner to an operator who may act', async () => {
    signedIn();
    mockApi({ 'GET /api/backoffice/me': { body: me('finance', { totpEnabled: true }) } });
    renderApp('/');
    expect(await screen.findByTestId('operator-name')).toBeTruthy();
    expect(screen.queryByTestId('totp-banner')).toBeNull();
  });

  it('switches to Thai and remembers it for the back office only', async () => {
    signedIn();
    mockApi({ 'GET /api/backoffice/me': { body: me('owner') } });
    const { user } = renderApp('/');
    await user.selectOptions(await screen.findByLabelText('Language'), 'th');
    expect(await screen.findByRole('link', { name: 'พนักงาน' })).toBeTruthy();
    expect(localStorage.getItem('backoffice-locale')).toBe('th');
    expect(localStorage.getItem('locale')).toBeNull();
  });
});
