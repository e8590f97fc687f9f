import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { me, renderApp, signedIn } from '@/test/render';

const hostileSvg =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>';

describe('My account', () => {
  it('enrols two-factor: QR from the server shown as an image (never inlined), key to copy, code to confirm', async () => {
    signedIn();
    let enabled = false;
    const calls = mockApi({
      'GET /api/backoffice/me': () => ({
        body: me('finance', { totpEnabled: enabled, totpEnrolmentRequired: !enabled }),
      }),
      'POST /api/backoffice/me/totp/setup': {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Wallet:finance.one?secret=JBSWY3DPEHPK3PXP',
          qrSvg: hostileSvg,
        },
      },
      'POST /api/backoffice/me/totp/enable': (body) => {
        if ((body as { otp: string }).otp !== '654321')
          return { status: 400, body: { message: 'OTP_CODE_INVALID', field: 'otp' } };
        enabled = true;
        return { body: { message: 'OK' } };
      },
    });
    const { user } = renderApp('/account');
    expect((await screen.findByTestId('totp-status')).textContent).toContain('Off');
    expect(screen.getByText('Your role must turn on two-factor sign-in before it can act.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const qr = (await screen.findByAltText('QR code for your authenticator app')) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('rect[width="10"]')).toBeNull();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();

    await user.type(screen.getByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is wrong or was already used. Wait for the next code and try again.',
    );
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toContain('On'));
    expect(calls.filter((call) => call.path === '/api/backoffice/me/totp/enable').at(-1)?.body).toEqual({
      otp: '654321',
    });
  });

  it('shows an enrolled operator that two-factor is on, with nothing to set up', async () => {
    signedIn();
    mockApi({ 'GET /api/backoffice/me': { body: me('support', { totpEnabled: true }) } });
    renderApp('/account');
    expect((await screen.findByTestId('totp-status')).textContent).toContain('On');
    expect(screen.getByTestId('account-username').textContent).toBe('support.one');
    expect(screen.queryByRole('button', { name: 'Turn on two-factor sign-in' })).toBeNull();
  });

  describe('change password', () => {
    const fill = async (user: ReturnType<typeof renderApp>['user'], current: string, next: string, confirm = next) => {
      await user.type(await screen.findByLabelText('Current password'), current);
      await user.type(screen.getByLabelText('New password'), next);
      await user.type(screen.getByLabelText('Confirm new password'), confirm);
      await user.click(screen.getByRole('button', { name: 'Change password' }));
    };

    it('lets an operator holding an owner-made password in once it is replaced', async () => {
      signedIn();
      let changed = false;
      mockApi({
        'GET /api/backoffice/me': () => ({ body: me('support', { mustChangePassword: !changed }) }),
        'POST /api/backoffice/me/password': () => {
          changed = true;
          return { body: { message: 'SUCCESS' } };
        },
      });
      const { user, router } = renderApp('/');
      await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
      await fill(user, 'temporary-1234', 'my own long secret', 'my own long secret');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(screen.queryByTestId('password-banner')).toBeNull();
      expect(await screen.findByText('Welcome, support.one')).toBeTruthy();
    });

    it('shows the password rule under the new password before anything is typed', async () => {
      signedIn();
      mockApi({ 'GET /api/backoffice/me': { body: me('support') } });
      renderApp('/account');
      const field = await screen.findByLabelText('New password');
      const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent).toBe('At least 8 characters, and not an easy one like 12345678 or password.');
    });

    it('replaces the temporary password: current, new and confirmation sent, the form emptied', async () => {
      signedIn();
      const calls = mockApi({
        'GET /api/backoffice/me': { body: me('support') },
        'POST /api/backoffice/me/password': { body: { message: 'SUCCESS' } },
      });
      const { user } = renderApp('/account');
      await fill(user, 'temporary-1234', 'my own long secret');
      expect(await screen.findByText('Password changed. Use the new one next time you sign in.')).toBeTruthy();
      expect(calls.filter((call) => call.path === '/api/backoffice/me/password').map((call) => call.body)).toEqual([
        { currentPassword: 'temporary-1234', newPassword: 'my own long secret' },
      ]);
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
      expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    });

    it.each([
      ['short', 'The password needs at least 8 characters.'],
      ['password123', 'This password is one of the first that people guess. Choose another one.'],
    ])('refuses the weak new password %s on its field and sends nothing', async (weak, text) => {
      signedIn();
      const calls = mockApi({ 'GET /api/backoffice/me': { body: me('support') } });
      const { user } = renderApp('/account');
      await fill(user, 'temporary-1234', weak);
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      expect(calls.some((call) => call.path === '/api/backoffice/me/password')).toBe(false);
    });

    it('asks for all three fields and for the same new password twice, sending nothing', async () => {
      signedIn();
      const calls = mockApi({ 'GET /api/backoffice/me': { body: me('support') } });
      const { user } = renderApp('/account');
      await user.click(await screen.findByRole('button', { name: 'Change password' }));
      expect(screen.getByRole('alert').textContent).toBe('Fill in all three password fields.');
      await fill(user, 'temporary-1234', 'my own long secret', 'my own long secreT');
      expect(screen.getByRole('alert').textContent).toBe('The new passwords are not the same.');
      expect(calls.some((call) => call.path === '/api/backoffice/me/password')).toBe(false);
    });

    it.each([
      ['WRONG_PASSWORD', 'currentPassword', 'Current password', 'The current password is wrong.'],
      ['WEAK_PASSWORD', 'newPassword', 'New password', 'This password is too easy to guess.'],
    ])('shows the server’s %s on the %s field', async (code, field, label, text) => {
      signedIn();
      mockApi({
        'GET /api/backoffice/me': { body: me('support') },
        'POST /api/backoffice/me/password': { status: 400, body: { message: code, field } },
      });
      const { user } = renderApp('/account');
      await fill(user, 'temporary-1234', 'my own long secret');
      const input = await screen.findByLabelText(label);
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
      const error = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(error?.textContent).toContain(text);
    });
  });
});
