import { act, screen, waitFor } from '@testing-library/react';
import { clearToken, getToken } from '@wallet/web-kit/lib/auth-token';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/lib/config';
import { renderScreen } from '@/test/render';
import { RegisterWizard } from './register-wizard';

const lookups: Record<string, Reply> = {
  'GET /api/lookup/sources': { body: [{ code: 'FB', description: 'Facebook' }] },
  'GET /api/lookup/banks': {
    body: [
      { code: 'KTB', nameTH: 'กรุงไทย', nameEN: 'Krungthai Bank' },
      { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
    ],
  },
  'POST /api/account/validate': { body: { message: 'OK' } },
  'POST /api/account': { body: { message: 'SUCCESS' } },
};

function setup(extra: Record<string, Handler | Reply>, initialPath = '/register') {
  const calls = mockApi({ ...lookups, ...extra });
  const view = renderScreen(<RegisterWizard />, '/register', initialPath);
  return { calls, ...view };
}

type User = ReturnType<typeof renderScreen>['user'];

async function submitPhone(user: User, phone = '0812345678') {
  await user.type(screen.getByLabelText('Phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillProfile(user: User, confirm = 'secret12') {
  await user.type(await screen.findByLabelText('Name'), 'Somchai');
  await user.type(screen.getByLabelText('Password'), 'secret12');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

beforeEach(() => {
  config.laoMode = false;
  clearToken();
});

afterEach(() => {
  config.laoMode = false;
  vi.unstubAllGlobals();
});

describe('RegisterWizard', () => {
  it('requires 10 digits for the phone outside Lao mode', async () => {
    const { user, calls } = setup({ 'GET /api/lookup/registerOTP': { body: { registerOTP: false } } });
    await submitPhone(user, '081234567');
    expect(screen.getByRole('alert').textContent).toBe('The phone number must be 10 digits.');
    expect(calls.filter((call) => call.path === '/api/lookup/registerOTP')).toHaveLength(0);
  });

  it('does not enforce 10 digits in Lao mode, and asks for a currency without the English-bank hint', async () => {
    config.laoMode = true;
    const { user, calls } = setup({ 'GET /api/lookup/registerOTP': { body: { registerOTP: false } } });
    await submitPhone(user, '02055512');
    await fillProfile(user);
    expect(await screen.findByLabelText('Currency')).toBeTruthy();
    expect(screen.queryByText(/English letters/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Bank'), 'SCB');
    await user.type(screen.getByLabelText('Account number'), '1234567890');
    await user.type(screen.getByLabelText('First name'), 'Khamla');
    await user.type(screen.getByLabelText('Last name'), 'Phomma');
    await user.selectOptions(screen.getByLabelText('Currency'), 'LAK');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Registration complete');
    expect(calls.find((call) => call.path === '/api/account')?.body).toMatchObject({
      username: '02055512',
      currency: 'LAK',
    });
  });

  it('skips the OTP step when OTP registration is disabled', async () => {
    const { user, calls } = setup({ 'GET /api/lookup/registerOTP': { body: { registerOTP: false } } });
    await submitPhone(user);
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/otp/send')).toBe(false);
  });

  it('skips the OTP step when the number is already verified (code OTP_VERIFIED)', async () => {
    const { user } = setup({
      'GET /api/lookup/registerOTP': { body: { registerOTP: true } },
      'POST /api/otp/send': { body: { otpRef: '', otpToken: '', code: 'OTP_VERIFIED', expireIn: 0 } },
    });
    await submitPhone(user);
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
  });

  it('asks for the OTP with its ref, verifies it and moves to the profile step', async () => {
    const { user, calls } = setup({
      'GET /api/lookup/registerOTP': { body: { registerOTP: true } },
      'POST /api/otp/send': { body: { otpRef: 'AB12', otpToken: 'tok', code: 'OK', expireIn: 300 } },
      'POST /api/otp/verify': (body) =>
        (body as { otpCode: string }).otpCode === '123456'
          ? { body: { message: 'OTP_CODE_VALID' } }
          : { status: 400, body: { message: 'OTP_CODE_INVALID', field: 'otpCode' } },
    });
    await submitPhone(user);
    expect(await screen.findByText('ref: AB12')).toBeTruthy();
    await user.type(screen.getByLabelText('6-digit code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The OTP code is incorrect.');
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/otp/send')?.body).toEqual({ phoneNumber: '0812345678' });
    // The SMS comes in the language the player reads the app in.
    expect(calls.find((call) => call.path === '/api/otp/send')?.search).toBe('?lang=en');
  });

  it('refuses mismatched passwords before asking the server', async () => {
    const { user, calls } = setup({ 'GET /api/lookup/registerOTP': { body: { registerOTP: false } } });
    await submitPhone(user);
    await fillProfile(user, 'different');
    expect(screen.getByRole('alert').textContent).toBe('The passwords do not match.');
    expect(calls.some((call) => call.path === '/api/account/validate')).toBe(false);
  });

  describe('password rule', () => {
    const rule = 'At least 8 characters. Not your phone number, and not an easy one like 12345678 or password.';

    async function profileStep() {
      const view = setup({ 'GET /api/lookup/registerOTP': { body: { registerOTP: false } } });
      await submitPhone(view.user);
      await view.user.type(await screen.findByLabelText('Name'), 'Somchai');
      return view;
    }

    it('shows the rule under the password field, linked to it, before the player types', async () => {
      await profileStep();
      const password = screen.getByLabelText('Password');
      const hint = screen.getByText(rule);
      expect(password.getAttribute('aria-describedby')).toBe(hint.id);
      expect((password as HTMLInputElement).value).toBe('');
    });

    it.each([
      ['too short', 'abc1234', 'The password needs at least 8 characters.'],
      ['too common', 'password123', 'This password is one of the first that people guess. Choose another one.'],
      ['the phone number', '0812345678', 'Do not use your phone number as the password.'],
      ['the phone number in another form', '+66 81 234 5678', 'Do not use your phone number as the password.'],
    ])('refuses a password that is %s inline and sends nothing', async (_name, password, message) => {
      const { user, calls } = await profileStep();
      await user.type(screen.getByLabelText('Password'), password);
      await user.type(screen.getByLabelText('Confirm password'), password);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      const error = screen.getByRole('alert');
      expect(error.textContent).toBe(message);
      expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(error.id);
      expect(calls.some((call) => call.path === '/api/account/validate')).toBe(false);
    });

    it('checks the password when the player leaves the field, and clears the message once it is fixed', async () => {
      const { user } = await profileStep();
      await user.type(screen.getByLabelText('Password'), '12345678');
      expect(screen.queryByRole('alert')).toBeNull();
      await user.tab();
      expect(screen.getByRole('alert').textContent).toBe(
        'This password is one of the first that people guess. Choose another one.',
      );
      await user.type(screen.getByLabelText('Password'), 'x-mango');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByText(rule)).toBeTruthy();
    });

    it('sends a good password to the server', async () => {
      const { user, calls } = await profileStep();
      await user.type(screen.getByLabelText('Password'), 'mango-tree-42');
      await user.type(screen.getByLabelText('Confirm password'), 'mango-tree-42');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByLabelText('Bank');
      expect(calls.find((call) => call.path === '/api/account/validate')?.body).toMatchObject({
        username: '0812345678',
        password: 'mango-tree-42',
      });
    });

    it("shows the server's WEAK_PASSWORD on the password field", async () => {
      const { user } = setup({
        'GET /api/lookup/registerOTP': { body: { registerOTP: false } },
        'POST /api/account/validate': { status: 400, body: { message: 'WEAK_PASSWORD', field: 'password' } },
      });
      await submitPhone(user);
      await fillProfile(user);
      const error = await screen.findByRole('alert');
      expect(error.textContent).toBe(
        'This password is too easy to guess. Use at least 8 characters, not your phone number and not a common password such as 12345678.',
      );
      expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(error.id);
    });
  });

  it('shows a server field error next to its field', async () => {
    const { user } = setup({
      'GET /api/lookup/registerOTP': { body: { registerOTP: false } },
      'POST /api/account/validate': { status: 400, body: { message: 'KEY_INVALID', field: 'inviteCode' } },
    });
    await submitPhone(user);
    await fillProfile(user);
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe('Some information is not valid.');
    expect(screen.getByLabelText(/Inviter code/).getAttribute('aria-describedby')).toBe(error.id);
  });

  it('needs an English name for KTB, then registers with first and last name joined, signs in and goes to /user after 2 s', async () => {
    const { user, calls } = setup(
      {
        'GET /api/lookup/registerOTP': { body: { registerOTP: false } },
        'POST /api/login': { body: { token: 'token-of-the-new-player' } },
      },
      '/register?code=PR42',
    );
    await submitPhone(user);
    expect((await screen.findByLabelText(/Inviter code/)) as HTMLInputElement).toHaveProperty('value', 'PR42');
    expect(localStorage.getItem('code')).toBe('PR42');
    await fillProfile(user);
    expect(calls.find((call) => call.path === '/api/account/validate')?.body).toEqual({
      name: 'Somchai',
      username: '0812345678',
      password: 'secret12',
      sourceCode: '',
      inviteCode: 'PR42',
    });
    expect(await screen.findByText(/English letters/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Bank'), 'KTB');
    await user.type(screen.getByLabelText('Account number'), '123-456-7890');
    await user.type(screen.getByLabelText('First name'), 'สมชาย');
    await user.type(screen.getByLabelText('Last name'), 'ใจดี');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert').textContent).toBe('The bank account name must be in English only.');
    expect(calls.some((call) => call.path === '/api/account')).toBe(false);

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'somchai');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'jaidee');
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'SOMCHAI');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Registration complete');
    expect(calls.find((call) => call.path === '/api/account')?.body).toEqual({
      name: 'Somchai',
      username: '0812345678',
      password: 'secret12',
      sourceCode: '',
      inviteCode: 'PR42',
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
    });
    // Signed in with the password just chosen: no second typing of it.
    await waitFor(() => expect(getToken()).toBe('token-of-the-new-player'));
    expect(calls.find((call) => call.path === '/api/login')?.body).toEqual({
      username: '0812345678',
      password: 'secret12',
      remember: false,
    });
    expect(screen.getByText('You are signed in. Taking you to your wallet…')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('/user'), { timeout: 3000 });
  });

  it('goes to /login with the phone filled in after 2 s when the sign-in after registering fails', async () => {
    const { user } = setup({
      'GET /api/lookup/registerOTP': { body: { registerOTP: false } },
      'POST /api/login': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } },
    });
    await submitPhone(user);
    await fillProfile(user);
    await user.selectOptions(await screen.findByLabelText('Bank'), 'SCB');
    await user.type(screen.getByLabelText('Account number'), '1234567890');
    await user.type(screen.getByLabelText('First name'), 'somchai');
    await user.type(screen.getByLabelText('Last name'), 'jaidee');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Registration complete');
    expect(getToken()).toBeNull();
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('/login'), { timeout: 3000 });
  });

  describe('steps in the browser history (issue 18)', () => {
    it('keeps a pasted "081-555-0101" whole: separators go before the length limit', async () => {
      const { user, calls } = setup({
        'GET /api/lookup/registerOTP': { body: { registerOTP: true } },
        'POST /api/otp/send': { body: { otpRef: 'AB12', otpToken: 'tok', code: 'OK', expireIn: 300 } },
      });
      await user.click(screen.getByLabelText('Phone number'));
      await user.paste('081-555-0101');
      expect(screen.getByLabelText('Phone number')).toHaveProperty('value', '0815550101');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByText('ref: AB12');
      expect(calls.find((call) => call.path === '/api/otp/send')?.body).toEqual({ phoneNumber: '0815550101' });
    });

    it('back on the bank step returns to the profile with its data, forward returns to the bank step', async () => {
      const { user, router } = setup({ 'GET /api/lookup/registerOTP': { body: { registerOTP: false } } });
      await submitPhone(user);
      await fillProfile(user);
      await screen.findByLabelText('Account number');
      expect(router.state.location.search).toContain('step=bank');
      await act(() => router.navigate(-1));
      expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Somchai');
      expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret12');
      expect(router.state.location.search).toContain('step=profile');
      await act(() => router.navigate(1));
      expect(await screen.findByLabelText('Account number')).toBeTruthy();
      await act(() => router.navigate(-1));
      await act(() => router.navigate(-1));
      expect(((await screen.findByLabelText('Phone number')) as HTMLInputElement).value).toBe('0812345678');
    });

    it("the on-screen back button is the phone's back button", async () => {
      const { user, router } = setup({ 'GET /api/lookup/registerOTP': { body: { registerOTP: false } } });
      await submitPhone(user);
      await user.type(await screen.findByLabelText('Name'), 'Somchai');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByLabelText('Phone number')).toBeTruthy();
      await act(() => router.navigate(1));
      expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Somchai');
    });

    it('back on a step opened first (a link, a new tab) shows the previous step instead of leaving', async () => {
      sessionStorage.setItem(
        'register-wizard',
        JSON.stringify({
          phone: '0812345678',
          otp: { ref: '', token: '' },
          otpEnabled: false,
          phoneReady: true,
          profileReady: false,
          profile: { name: 'Somchai', sourceCode: '', inviteCode: '' },
          bank: { bankCode: '', bankAccountNo: '', firstName: '', lastName: '', currency: '' },
        }),
      );
      const { user, router } = setup({}, '/register?step=profile');
      await screen.findByLabelText('Name');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(((await screen.findByLabelText('Phone number')) as HTMLInputElement).value).toBe('0812345678');
      expect(router.state.location.pathname).toBe('/register');
    });

    it('a reload keeps the step whose data is there, and shows the phone step otherwise', async () => {
      sessionStorage.setItem(
        'register-wizard',
        JSON.stringify({
          phone: '0812345678',
          otp: { ref: '', token: '' },
          otpEnabled: false,
          phoneReady: true,
          profileReady: false,
          profile: { name: 'Somchai', sourceCode: '', inviteCode: '' },
          bank: { bankCode: '', bankAccountNo: '', firstName: '', lastName: '', currency: '' },
        }),
      );
      const first = setup({}, '/register?step=profile');
      expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Somchai');
      first.unmount();
      sessionStorage.clear();
      const second = setup({}, '/register?step=bank');
      expect(await screen.findByLabelText('Phone number')).toBeTruthy();
      await waitFor(() => expect(second.router.state.location.search).toBe('?step=phone'));
    });
  });
});
