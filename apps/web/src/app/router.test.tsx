import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '@wallet/web-kit/lib/auth-token';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { walletResponse } from '@/test/wallet-fixtures';
import { routes } from './router';

// The member shell opens the live-balance socket; these tests only look at routing.
vi.mock('socket.io-client', () => ({ io: vi.fn(() => ({ on: vi.fn(), off: vi.fn(), disconnect: vi.fn() })) }));

afterEach(() => vi.unstubAllGlobals());

const profile = {
  _id: 'p1',
  name: 'Somchai',
  username: '0812345678',
  createdAt: '2026-01-01T00:00:00.000Z',
  coin: 0,
  bankAccount: {
    bankCode: 'SCB',
    bankAccountName: 'A B',
    bankAccountNo: '1',
    currency: null,
    bank: { nameTH: 'x', nameEN: 'x' },
  },
};

describe('routes and guards', () => {
  it('sends a visitor without a token from a member page to /login?next=<that page>', async () => {
    mockApi({ 'GET /api/lookup/active': { body: { active: true } } });
    const { router } = renderRoutes(routes, '/user/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fuser%2Fprofile');
  });

  it('on /login, a terminated service (410 gone) leads to /terminated', async () => {
    mockApi({ 'GET /api/lookup/active': { status: 410, body: { message: 'gone' } } });
    const { router } = renderRoutes(routes, '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terminated'));
    expect(await screen.findByText('Service closed')).toBeTruthy();
  });

  it("an unknown path shows the not-found screen with the page's level-one heading", async () => {
    mockApi({ 'GET /api/lookup/active': { body: { active: true } } });
    renderRoutes(routes, '/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('redirects / to /login and /user to /user/home, which greets the player by name', async () => {
    mockApi({
      'GET /api/lookup/active': { body: { active: true } },
      'GET /api/wallet/refresh/slot': { body: { slots: [], updatedAt: '2026-03-01T00:00:00.000Z' } },
      'GET /api/wallet': { body: walletResponse({ profile: { ...profile, coin: 0 } }) },
    });
    const first = renderRoutes(routes, '/');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    first.unmount();

    setToken('t', true);
    const { router } = renderRoutes(routes, '/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(await screen.findByText('Welcome, Somchai')).toBeTruthy();
  });

  it('/user/statement shows the statement, empty at first', async () => {
    setToken('t', true);
    mockApi({
      'POST /api/statement': { body: { total: 0, statements: [] } },
      'GET /api/wallet': { body: walletResponse() },
    });
    renderRoutes(routes, '/user/statement');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
  });

  it("the member shell's Conditions button opens the operator's conditions, loaded when asked for", async () => {
    setToken('t', true);
    const calls = mockApi({
      'POST /api/statement': { body: { total: 0, statements: [] } },
      'GET /api/wallet': { body: walletResponse() },
      'GET /api/lookup/conditions': { body: { conditions: ['Play fair'] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/user/statement');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/lookup/conditions'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conditions' });
    expect(await within(dialog).findByText('Play fair')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an invalid token on a member page clears it and goes to /login', async () => {
    setToken('expired', true);
    mockApi({
      'GET /api/account/profile': { status: 401, body: { message: 'invalid-token' } },
      'GET /api/lookup/active': { body: { active: true } },
    });
    const { router } = renderRoutes(routes, '/user/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows Page Not Found with a link home for any other path', async () => {
    mockApi({});
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('/user/spin shows the Spin screen with the active wheel name', async () => {
    setToken('t', true);
    mockApi({
      'GET /api/spinwheel/setup': {
        body: {
          name: 'Lucky wheel',
          slices: [
            { code: 'A', label: '100', bgColor: '#f00', textColor: '#fff', htmlDescription: '' },
            { code: 'B', label: '200', bgColor: '#0f0', textColor: '#000', htmlDescription: '' },
          ],
          userCoin: 2,
        },
      },
      'GET /api/spinwheel/coupon': { body: { coupons: [] } },
    });
    renderRoutes(routes, '/user/spin');
    expect(await screen.findByRole('heading', { name: 'Lucky wheel', level: 1 })).toBeTruthy();
  });

  it('/user/bonus shows the Bonus screen', async () => {
    setToken('t', true);
    mockApi({
      'GET /api/bonus': { body: [] },
      'GET /api/bonus/check/active': { body: { status: false, type: null, code: null, name: null } },
    });
    renderRoutes(routes, '/user/bonus');
    expect(await screen.findByRole('heading', { name: 'Bonus', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No bonuses right now')).toBeTruthy();
  });
});

describe('a screen that cannot load', () => {
  it('shows the load-failed card, and the next address tries again', async () => {
    const { render } = await import('@testing-library/react');
    const { ScreenErrorBoundary } = await import('./router');
    const Broken = () => {
      throw new Error('Failed to fetch dynamically imported module');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(
      <ScreenErrorBoundary resetKey="/user/bonus">
        <Broken />
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByText('Could not load this information.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    view.rerender(
      <ScreenErrorBoundary resetKey="/user/home">
        <p>home screen</p>
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByText('home screen')).toBeTruthy();
  });
});
