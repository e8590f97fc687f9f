import { act, screen } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => vi.unstubAllGlobals());

const sent = { body: { otpRef: 'QWER', otpToken: 'reset-tok', code: 'OK', expireIn: 300 } };

describe('ForgotPasswordForm', () => {
  it('sends a code to the pasted phone, verifies it, sets a new password and hands the phone to login', async () => {
    const calls = mockApi({
      'POST /api/otp/send-reset': sent,
      'POST /api/otp/verify': (body) =>
        (body as { otpCode: string }).otpCode === '123456'
          ? { body: { message: 'OTP_CODE_VALID' } }
          : { status: 400, body: { message: 'OTP_CODE_INVALID', field: 'otpCode' } },
      'POST /api/account/reset-password': { body: { message: 'SUCCESS' } },
    });
    const { user, router } = renderScreen(<ForgotPasswordForm />, '/forgot-password');
    await user.click(screen.getByLabelText('Phone number'));
    await user.paste('081-234-5678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code by SMS to 0812345678.')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ phoneNumber: '0812345678' });
    // The SMS comes in the language the player reads the app in.
    expect(calls[0]?.search).toBe('?lang=en');

    await user.type(screen.getByLabelText('6-digit code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The OTP code is incorrect.');
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const password = await screen.findByLabelText('New password');
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    await user.type(password, '0812345678');
    await user.type(screen.getByLabelText('Confirm new password'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(/phone number/i, { selector: '.field-error' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/reset-password')).toBe(false);

    await user.clear(password);
    await user.type(password, 'Fresh-Start-2026');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh-Start-2026');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/account/reset-password')?.body).toEqual({
      otpToken: 'reset-tok',
      newPassword: 'Fresh-Start-2026',
    });
    await user.click(screen.getByRole('link', { name: 'Go to log in' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ phone: '0812345678' });
  });

  it('shows a server refusal on the phone field, translated', async () => {
    mockApi({ 'POST /api/otp/send-reset': { status: 400, body: { message: 'NO_USER', field: 'phoneNumber' } } });
    const { user } = renderScreen(<ForgotPasswordForm />, '/forgot-password');
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const error = await screen.findByRole('alert');
    expect(error.classList.contains('field-error')).toBe(true);
    expect(error.textContent).not.toBe('NO_USER');
  });

  it('starts with the phone the login form handed over', async () => {
    mockApi({});
    const { router } = renderScreen(<ForgotPasswordForm />, '/forgot-password', '/user');
    await act(() => router.navigate('/forgot-password', { state: { phone: '0899999999' } }));
    expect(await screen.findByLabelText('Phone number')).toHaveProperty('value', '0899999999');
  });
});
