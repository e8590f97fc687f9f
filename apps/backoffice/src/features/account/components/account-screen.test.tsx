import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
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
          return { status: 400, body: { message: 'TOTP_REQUIRED', field: 'otp' } };
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
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code from your authenticator app.');
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
});
