import { screen, waitFor, within } from '@testing-library/react';
import type { StaffView } from '@wallet/contract/backoffice/staff';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { me, renderApp, signedIn } from '@/test/render';

function member(overrides: Partial<StaffView> & Pick<StaffView, 'id' | 'username'>): StaffView {
  return {
    role: 'support',
    status: 'active',
    totpEnabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    loginLock: null,
    ...overrides,
  };
}

const team = [
  member({ id: 'op-owner', username: 'owner.one', role: 'owner', createdAt: '2026-01-01T00:00:00.000Z' }),
  member({ id: 'op-2', username: 'nok', role: 'finance', totpEnabled: true, createdAt: '2026-01-02T00:00:00.000Z' }),
  member({ id: 'op-3', username: 'aom', status: 'disabled', createdAt: '2026-01-03T00:00:00.000Z' }),
];

const usernames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-testid'));

describe('Staff', () => {
  it('lists the team, sorts by a column, and offers no action on one’s own account', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/staff': { body: { items: team } },
    });
    const { user } = renderApp('/staff');
    await screen.findByTestId('staff-nok');
    expect(usernames()).toEqual(['staff-owner.one', 'staff-nok', 'staff-aom']);
    await user.click(screen.getByRole('button', { name: 'Username' }));
    expect(usernames()).toEqual(['staff-aom', 'staff-nok', 'staff-owner.one']);
    expect(within(screen.getByTestId('staff-owner.one')).queryAllByRole('button')).toEqual([]);
    expect(within(screen.getByTestId('staff-aom')).getByText('Disabled')).toBeTruthy();
    expect(within(screen.getByTestId('staff-aom')).getByRole('button', { name: 'Enable' })).toBeTruthy();
  });

  it("shows each operator's failed sign-ins and, while locked, until when", async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/staff': {
        body: {
          items: [
            member({
              id: 'op-2',
              username: 'nok',
              loginLock: { failures: 8, addresses: 8, lockedUntil: '2026-01-02T03:15:00.000Z' },
            }),
            member({ id: 'op-3', username: 'aom', loginLock: { failures: 1, addresses: 1, lockedUntil: null } }),
          ],
        },
      },
    });
    renderApp('/staff');
    // The screen's chunk loads first; on a busy machine that takes more than the default second.
    const row = await screen.findByTestId('staff-nok', {}, { timeout: 5000 });
    const locked = within(row).getByTestId('login-lock');
    expect(locked.textContent).toContain('Sign-in locked until 02/01/2026 10:15:00');
    expect(locked.textContent).toContain('8 failed attempts from 8 addresses');
    const counting = within(screen.getByTestId('staff-aom')).getByTestId('login-lock');
    expect(counting.textContent).toBe('1 failed attempt from 1 address');
  });

  it('creates a support operator and shows the temporary password once', async () => {
    signedIn();
    const created = member({ id: 'op-9', username: 'support.lek' });
    let items = team;
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/staff': () => ({ body: { items } }),
      'POST /api/backoffice/staff': () => {
        items = [...team, created];
        return { body: { operator: created, temporaryPassword: 'Tmp-4xY9-kq2P' } };
      },
    });
    const { user } = renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'Add staff' }));
    await user.type(screen.getByLabelText('Username'), 'Bad Name');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('alert').textContent).toContain('lower-case');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'support.lek');
    await user.selectOptions(screen.getByLabelText('Role'), 'support');
    await user.type(screen.getByLabelText('Reason', { exact: false }), 'new hire');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Tmp-4xY9-kq2P');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'support.lek',
      role: 'support',
      reason: 'new hire',
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('staff-support.lek')).toBeTruthy();
    expect(screen.queryByTestId('temporary-password')).toBeNull();
  });

  it('disables, resets the password of and changes the role of another operator', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/staff': { body: { items: team } },
      'POST /api/backoffice/staff/op-2/disable': { body: { operator: { ...team[1], status: 'disabled' } } },
      'POST /api/backoffice/staff/op-2/reset-password': {
        body: { operator: team[1], temporaryPassword: 'Reset-7hQ2' },
      },
      'POST /api/backoffice/staff/op-2/role': { status: 409, body: { message: 'LAST_OWNER' } },
    });
    const { user } = renderApp('/staff');
    const row = await screen.findByTestId('staff-nok');
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(row).getByRole('button', { name: 'Reset password' }));
    await user.click(screen.getByLabelText('Also remove two-factor sign-in (lost phone)'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Reset-7hQ2');
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await user.click(within(row).getByRole('button', { name: 'Change role' }));
    await user.selectOptions(screen.getByLabelText('Role'), 'auditor');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change role' }));
    expect((await screen.findByRole('alert')).textContent).toBe('At least one active owner must remain.');

    const posts = calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]);
    expect(posts).toEqual([
      ['/api/backoffice/staff/op-2/disable', {}],
      ['/api/backoffice/staff/op-2/reset-password', { resetTotp: true }],
      ['/api/backoffice/staff/op-2/role', { role: 'auditor' }],
    ]);
  });

  it('lets an auditor read the team but not change it', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('auditor') },
      'GET /api/backoffice/staff': { body: { items: team } },
    });
    renderApp('/staff');
    await screen.findByTestId('staff-nok');
    expect(screen.queryByRole('button', { name: 'Add staff' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
  });
});
