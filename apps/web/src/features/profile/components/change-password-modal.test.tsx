import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderScreen } from '@/test/render';
import { ChangePasswordModal } from './change-password-modal';

afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof renderScreen>['user'];

async function fill(user: User, values: { old?: string; next?: string; confirm?: string }) {
  if (values.old) await user.type(screen.getByLabelText('Current password'), values.old);
  if (values.next) await user.type(screen.getByLabelText('New password'), values.next);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm new password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordModal', () => {
  it('silently does nothing while a field is empty', async () => {
    const calls = mockApi({});
    const { user } = renderScreen(<ChangePasswordModal open onClose={() => {}} />);
    await fill(user, { old: 'old-pass', next: 'new-pass' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows passwords-not-equal in the form when the new ones differ', async () => {
    const calls = mockApi({});
    const { user } = renderScreen(<ChangePasswordModal open onClose={() => {}} />);
    await fill(user, { old: 'old-pass', next: 'new-pass', confirm: 'other-pass' });
    expect(screen.getByRole('alert').textContent).toBe('The new passwords are not equal.');
    expect(calls).toHaveLength(0);
  });

  it('shows WRONG_PASSWORD from the server in the form', async () => {
    mockApi({ 'PUT /api/account/changepwd': { status: 400, body: { message: 'WRONG_PASSWORD' } } });
    const onClose = vi.fn();
    const { user } = renderScreen(<ChangePasswordModal open onClose={onClose} />);
    await fill(user, { old: 'bad', next: 'new-pass', confirm: 'new-pass' });
    expect((await screen.findByRole('alert')).textContent).toBe('The password is incorrect.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends old and new password, closes and shows a success alert', async () => {
    const calls = mockApi({ 'PUT /api/account/changepwd': { body: { message: 'SUCCESS' } } });
    const onClose = vi.fn();
    const { user } = renderScreen(<ChangePasswordModal open onClose={onClose} />);
    await fill(user, { old: 'old-pass', next: 'new-pass', confirm: 'new-pass' });
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Password changed');
    expect(onClose).toHaveBeenCalled();
    expect(calls[0]?.body).toEqual({ oldPassword: 'old-pass', newPassword: 'new-pass' });
  });

  it('closes on Escape', async () => {
    mockApi({});
    const onClose = vi.fn();
    const { user } = renderScreen(<ChangePasswordModal open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
