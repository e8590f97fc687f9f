import { screen } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('password rule', () => {
    const rule = 'At least 8 characters. Not your phone number, and not an easy one like 12345678 or password.';

    it('shows the rule under the new-password field, linked to it, before the player types', () => {
      mockApi({});
      renderScreen(<ChangePasswordModal open onClose={() => {}} phone="0812345678" />);
      const hint = screen.getByText(rule);
      expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toBe(hint.id);
    });

    it.each([
      ['too short', 'abc1234', 'The password needs at least 8 characters.'],
      ['too common', 'qwerty123', 'This password is one of the first that people guess. Choose another one.'],
      ["the player's phone number", '0812345678', 'Do not use your phone number as the password.'],
    ])('refuses a new password that is %s inline and sends nothing', async (_name, password, message) => {
      const calls = mockApi({});
      const { user } = renderScreen(<ChangePasswordModal open onClose={() => {}} phone="0812345678" />);
      await fill(user, { old: 'old-pass', next: password, confirm: password });
      const error = screen.getByRole('alert');
      expect(error.textContent).toBe(message);
      expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toBe(error.id);
      expect(calls).toHaveLength(0);
    });

    it('checks the new password when the player leaves the field', async () => {
      mockApi({});
      const { user } = renderScreen(<ChangePasswordModal open onClose={() => {}} phone="0812345678" />);
      await user.type(screen.getByLabelText('New password'), 'short');
      await user.tab();
      expect(screen.getByRole('alert').textContent).toBe('The password needs at least 8 characters.');
    });

    it("shows the server's WEAK_PASSWORD on the new-password field", async () => {
      mockApi({
        'PUT /api/account/changepwd': { status: 400, body: { message: 'WEAK_PASSWORD', field: 'newPassword' } },
      });
      const onClose = vi.fn();
      const { user } = renderScreen(<ChangePasswordModal open onClose={onClose} phone="0812345678" />);
      await fill(user, { old: 'old-pass', next: 'mango-tree-42', confirm: 'mango-tree-42' });
      const error = await screen.findByRole('alert');
      expect(error.textContent).toBe(
        'This password is too easy to guess. Use at least 8 characters, not your phone number and not a common password such as 12345678.',
      );
      expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toBe(error.id);
      expect(onClose).not.toHaveBeenCalled();
    });
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
