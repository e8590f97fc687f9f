import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { walletResponse } from '@/test/wallet-fixtures';
import { lookupResponse, openTab, renderDeposit } from '../testing/deposit-fixtures';

afterEach(() => vi.unstubAllGlobals());

const toastOf = (text: string) => screen.findByText(text).then((node) => node.closest('.toast'));

describe('DepositDialog: lookup', () => {
  it('shows each BANK account with its bank, name, 3-3-rest number and how the deposit is detected', async () => {
    renderDeposit();
    const kbank = await screen.findByTestId('deposit-bank-KBANK');
    expect(kbank.textContent).toContain('Kasikornbank');
    expect(kbank.textContent).toContain('LUCKY WALLET CO');
    expect(kbank.textContent).toContain('123-456-7890');
    expect(kbank.textContent).toContain('Automatic');
    expect(kbank.textContent).toContain('Detected automatically and credited within 1 minute.');
    const scb = screen.getByTestId('deposit-bank-SCB');
    // Only 10-digit numbers are grouped (SPEC §5).
    expect(scb.textContent).toContain('98765432101');
    expect(scb.textContent).toContain('SMS check');
    expect(scb.textContent).toContain("Detected from the bank's SMS alert");
    // PAYMENT entries are gateways, never transfer targets.
    expect(screen.queryByTestId('deposit-bank-OTHERPAY')).toBeNull();
    expect(screen.queryByTestId('deposit-bank-ZPAY')).toBeNull();
    const panel = screen.getByTestId('deposit-panel-bank');
    expect(panel.textContent).toContain('Deposits are credited to your wallet within 1 minute.');
    expect(panel.textContent).toContain('A minimum deposit amount applies.');
    expect(screen.getByRole('dialog', { name: 'Deposit' })).toBeTruthy();
  });

  it('names banks in Thai in the Thai interface', async () => {
    await setLanguage('th');
    renderDeposit();
    const kbank = await screen.findByTestId('deposit-bank-KBANK');
    expect(kbank.textContent).toContain('กสิกรไทย');
    expect(kbank.textContent).not.toContain('Kasikornbank');
  });

  it('offers a tab per available method: no manual notice unless isManual', async () => {
    const { user } = renderDeposit();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Bank', 'QR code', 'e-Wallet', 'Slip']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByTestId('deposit-tab-qr'));
    expect(screen.getByTestId('deposit-tab-qr').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('deposit-panel-bank').hidden).toBe(true);
    // Arrow keys move along the tabs (WAI-ARIA tabs pattern).
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByTestId('deposit-tab-wallet'));
    expect(screen.getByTestId('deposit-panel-wallet').hidden).toBe(false);
  });

  it('a failed lookup only hides the loader: no error shows and slip upload stays usable', async () => {
    renderDeposit({ lookup: { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } });
    expect(await screen.findByTestId('slip-input')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('keeps a panel as it was while another tab is looked at', async () => {
    const { user } = renderDeposit();
    await openTab(user, 'wallet');
    await user.type(screen.getByTestId('giftlink-input'), 'https://gift.example/v=1');
    await openTab(user, 'slip');
    await openTab(user, 'wallet');
    expect((screen.getByTestId('giftlink-input') as HTMLInputElement).value).toBe('https://gift.example/v=1');
  });
});

describe('DepositDialog: copy to clipboard', () => {
  it("copies the account number's digits and says 'copied: {text}'", async () => {
    const { user } = renderDeposit();
    const slot = await screen.findByTestId('copy-account-KBANK');
    await user.click(within(slot).getByRole('button'));
    const toast = await toastOf('copied: 1234567890');
    expect(toast?.classList.contains('toast-success')).toBe(true);
    expect(await navigator.clipboard.readText()).toBe('1234567890');
  });

  it("says 'Failed to copy' when the browser refuses", async () => {
    const { user } = renderDeposit();
    const slot = await screen.findByTestId('copy-account-SCB');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(slot).getByRole('button'));
    const toast = await toastOf('Failed to copy');
    expect(toast?.classList.contains('toast-danger')).toBe(true);
  });

  it('lists automatic wallet accounts with a copy button, apart from the gift-link account', async () => {
    const { user } = renderDeposit();
    await openTab(user, 'wallet');
    const auto = screen.getByTestId('deposit-wallet-0');
    expect(auto.textContent).toContain('0991234567');
    expect(auto.textContent).toContain('the deposit is detected automatically');
    expect(screen.queryByTestId('deposit-wallet-1')).toBeNull();
    await user.click(within(screen.getByTestId('copy-wallet-0')).getByRole('button'));
    expect(await screen.findByText('copied: 0991234567')).toBeTruthy();
    expect(screen.getByTestId('deposit-panel-wallet').textContent).toContain(
      'The minimum deposit by mobile wallet is 2 baht.',
    );
  });
});

describe('DepositDialog: manual deposit notice', () => {
  it('is offered only when the lookup says isManual, and sends the amount with an Idempotency-Key', async () => {
    const { user, calls } = renderDeposit({
      lookup: lookupResponse({ isManual: true }),
      handlers: {
        'POST /api/wallet/add': { body: { message: 'DEPOSIT_PENDING', wallet: { amount: 1000 } } },
      },
    });
    await openTab(user, 'manual');
    const send = screen.getByTestId('manual-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(screen.getByTestId('manual-amount'), '0');
    expect(send.disabled).toBe(true);
    await user.clear(screen.getByTestId('manual-amount'));
    await user.type(screen.getByTestId('manual-amount'), '1500.509');
    expect(screen.getByRole('alert').textContent).toBe('At most 2 decimals (satang), for example 1,000.50.');
    expect(send.disabled).toBe(true);
    await user.type(screen.getByTestId('manual-amount'), '{Backspace}');
    expect(screen.getByTestId('manual-summary').textContent).toBe('You tell us you sent 1,500.50 baht');
    await user.click(send);
    const toast = await toastOf('Your deposit notice is recorded and waits for our staff to confirm it.');
    expect(toast?.classList.contains('toast-success')).toBe(true);
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/wallet/add');
    expect(post?.body).toEqual({ amount: 1500.5 });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect((screen.getByTestId('manual-amount') as HTMLInputElement).value).toBe('');
  });

  it('shows the server refusal as a danger toast', async () => {
    const { user } = renderDeposit({
      lookup: lookupResponse({ isManual: true }),
      handlers: { 'POST /api/wallet/add': { status: 400, body: { message: 'MANUAL_DEPOSIT_OFF' } } },
    });
    await openTab(user, 'manual');
    await user.type(screen.getByTestId('manual-amount'), '100');
    await user.click(screen.getByTestId('manual-send'));
    const toast = await toastOf('Manual deposit notices are not open right now.');
    expect(toast?.classList.contains('toast-danger')).toBe(true);
  });
});

describe('DepositDialog: bank account name edit', () => {
  const ktbWallet = (bankAccountName: string, bankCode = 'KTB') =>
    walletResponse({
      bankAccount: {
        bankCode,
        bankAccountName,
        bankAccountNo: '1112223334',
        currency: null,
        bank: { nameTH: 'กรุงไทย', nameEN: 'Krungthai Bank' },
      },
    });

  it('is offered for KTB, TMB and BBL names that are not English, and nowhere else', async () => {
    renderDeposit({ wallet: ktbWallet('สมชาย ใจดี') });
    expect(await screen.findByTestId('bank-name-edit')).toBeTruthy();
    expect(screen.getByTestId('deposit-own-name').textContent).toBe('สมชาย ใจดี');
  });

  it('is not offered when the name is already English', async () => {
    renderDeposit({ wallet: ktbWallet('SOMCHAI JAIDEE', 'BBL') });
    expect(await screen.findByTestId('deposit-own-name')).toBeTruthy();
    expect(screen.queryByTestId('bank-name-edit')).toBeNull();
  });

  it('is not offered for other banks', async () => {
    renderDeposit({ wallet: ktbWallet('สมชาย ใจดี', 'KBANK') });
    expect(await screen.findByTestId('deposit-own-name')).toBeTruthy();
    expect(screen.queryByTestId('bank-name-edit')).toBeNull();
  });

  it('refuses empty and non-English names with the English-name toast, then saves an upper-cased name', async () => {
    let wallet = ktbWallet('สมชาย ใจดี');
    const { user, calls, count } = renderDeposit({
      handlers: {
        'GET /api/wallet': () => ({ body: wallet }),
        'PUT /api/account/bankAccountName': (body) => {
          wallet = ktbWallet((body as { bankAccountName: string }).bankAccountName);
          return { body: { message: 'SUCCESS' } };
        },
      },
    });
    const save = await screen.findByTestId('bank-name-save');
    await user.click(save);
    expect((await toastOf('The bank account name must be in English only.'))?.classList).toContain('toast-danger');
    await user.type(screen.getByTestId('bank-name-input'), 'สมชาย');
    await user.click(save);
    await waitFor(() => expect(screen.getAllByText('The bank account name must be in English only.')).toHaveLength(2));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(screen.getByTestId('bank-name-input'));
    await user.type(screen.getByTestId('bank-name-input'), 'somchai  jaidee');
    expect((screen.getByTestId('bank-name-input') as HTMLInputElement).value).toBe('SOMCHAI  JAIDEE');
    const walletLoads = count('GET', '/api/wallet');
    await user.click(screen.getByTestId('bank-name-save'));
    expect(await screen.findByText('Your bank account name has been updated.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
    });
    await waitFor(() => expect(count('GET', '/api/wallet')).toBeGreaterThan(walletLoads));
    await waitFor(() => expect(screen.queryByTestId('bank-name-edit')).toBeNull());
    expect(screen.getByTestId('deposit-own-name').textContent).toBe('SOMCHAI JAIDEE');
  });
});

describe('DepositDialog: deposits paused by player protection', () => {
  const until = '2026-03-08T07:00:00.000Z';

  it('says why and until when on every method, and offers no bank account, during a time-out', async () => {
    const { user, count } = renderDeposit({ paused: { reason: 'timeout', period: null, until } });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Bank', 'QR code', 'e-Wallet', 'Slip']);
    for (const id of ['bank', 'qr', 'wallet', 'slip']) {
      await user.click(screen.getByTestId(`deposit-tab-${id}`));
      const panel = screen.getByTestId(`deposit-panel-${id}`);
      const paused = within(panel).getByTestId('deposit-paused');
      expect(paused.textContent).toContain('Deposits are paused');
      expect(paused.textContent).toContain('You are taking a time-out');
      expect(paused.textContent).toContain('08/03/2026 14:00:00');
    }
    expect(screen.queryByTestId('deposit-bank-KBANK')).toBeNull();
    expect(screen.queryByText('Detected automatically and credited within 1 minute.')).toBeNull();
    expect(screen.queryByTestId('slip-input')).toBeNull();
    expect(count('GET', '/api/qrcode/KBANK')).toBe(0);
  });

  it('names the deposit limit that is used up and when deposits open again', async () => {
    renderDeposit({ paused: { reason: 'limit', period: 'day', until } });
    const paused = within(await screen.findByTestId('deposit-panel-bank')).getByTestId('deposit-paused');
    expect(paused.textContent).toContain('You have reached your daily deposit limit');
    expect(paused.textContent).toContain('08/03/2026 14:00:00');
  });

  it('says it in Thai and Lao as well', async () => {
    await setLanguage('th');
    const thai = renderDeposit({ paused: { reason: 'timeout', period: null, until } });
    expect((await screen.findByTestId('deposit-paused')).textContent).toContain('พักการฝาก');
    thai.unmount();
    await setLanguage('lo');
    renderDeposit({ paused: { reason: 'timeout', period: null, until } });
    expect((await screen.findByTestId('deposit-paused')).textContent).toContain('ພັກການຝາກ');
    await setLanguage('en');
  });
});
