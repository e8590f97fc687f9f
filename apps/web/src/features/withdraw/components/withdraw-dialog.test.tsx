import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiCall, type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { api } from '@/lib/api-client';
import { statementQueryKey } from '@/lib/wallet/invalidate-money';
import { renderScreen } from '@/test/render';
import { walletResponse } from '@/test/wallet-fixtures';
import { WithdrawDialog } from './withdraw-dialog';

afterEach(() => vi.unstubAllGlobals());

const limits = { body: { withdrawMin: 100, withdrawMax: 50_000 } };
const pending = (amount: number) => ({ body: { message: 'WITHDRAW_PENDING', wallet: { amount } } });
const UUID = /^[0-9a-f-]{36}$/;

/** Keeps page 1 of the statement on screen, so a test can see the dialog reload it. */
function StatementProbe() {
  useQuery({ queryKey: statementQueryKey(1), queryFn: () => api.post('/api/statement', { page: 1, limit: 10 }) });
  return null;
}

function setup(handlers: Record<string, Handler | Reply> = {}, title = 'Withdraw') {
  const calls = mockApi({
    'GET /api/wallet': { body: walletResponse() },
    'GET /api/lookup/withdraw': limits,
    'POST /api/statement': { body: { total: 0, statements: [] } },
    ...handlers,
  });
  const onClose = vi.fn();
  const view = renderScreen(
    <>
      <WithdrawDialog open onClose={onClose} />
      <StatementProbe />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: title });
  const amount = () => within(dialog).getByTestId('withdraw-amount') as HTMLInputElement;
  const posts = () => calls.filter((call) => call.method === 'POST' && call.path.startsWith('/api/wallet/'));
  const count = (path: string) => calls.filter((call: ApiCall) => call.path === path).length;
  /** The second tap: money leaves only from the confirmation step. */
  const confirm = async () => view.user.click(await within(dialog).findByTestId('withdraw-confirm-submit'));
  return { ...view, calls, posts, count, onClose, dialog, amount, confirm };
}

describe('WithdrawDialog', () => {
  it('shows the registered account it pays to, the wallet balance, the limits and the partial-withdraw rule', async () => {
    const { dialog } = setup();
    const bank = await within(dialog).findByTestId('withdraw-bank');
    expect(within(bank).getByText('Kasikornbank')).toBeTruthy();
    expect(within(bank).getByText('SOMCHAI JAIDEE')).toBeTruthy();
    // 10 digits display as 3-3-rest.
    expect(within(bank).getByText('123-456-7890')).toBeTruthy();
    expect(within(dialog).getByTestId('withdraw-balance').textContent).toBe('1,000.00');
    expect(within(dialog).getByTestId('withdraw-min').textContent).toBe('100.00');
    expect(within(dialog).getByTestId('withdraw-max').textContent).toBe('50,000.00');
    const all = within(dialog).getByTestId('withdraw-all');
    expect(all.textContent).toBe('Withdraw all (1,000.00)');
    const rule = document.getElementById(all.getAttribute('aria-describedby') ?? '');
    expect(rule?.textContent).toBe(
      'If you withdraw only part of your balance after taking a bonus, all remaining credit is lost.',
    );
    expect(within(dialog).getByTestId('withdraw-amount').getAttribute('inputmode')).toBe('decimal');
  });

  it('names the bank in Thai for Thai readers', async () => {
    await setLanguage('th');
    const { dialog } = setup({}, 'ถอนเงิน');
    expect(within(await within(dialog).findByTestId('withdraw-bank')).getByText('กสิกรไทย')).toBeTruthy();
  });

  it('refuses below the minimum, above the maximum and over the balance with the numbers, sending nothing', async () => {
    const { user, dialog, amount, posts } = setup({
      'GET /api/wallet': { body: walletResponse({ wallet: { amount: 60_000 } }) },
    });
    await within(dialog).findByTestId('withdraw-bank');
    const submit = within(dialog).getByTestId('withdraw-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    await user.type(amount(), '99.99');
    await user.click(submit);
    expect(within(dialog).getByRole('alert').textContent).toBe('The minimum withdrawal is 100.00 baht.');

    await user.clear(amount());
    await user.type(amount(), '50000.01');
    await user.click(submit);
    expect(within(dialog).getByRole('alert').textContent).toBe('The maximum withdrawal is 50,000.00 baht.');
    expect(posts()).toEqual([]);
  });

  it('refuses more than the wallet holds', async () => {
    const { user, dialog, amount, posts } = setup();
    await within(dialog).findByTestId('withdraw-bank');
    await user.type(amount(), '1000.01');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Your balance is not enough.');
    // Editing the amount clears the message.
    await user.type(amount(), '{Backspace}');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('withdraws the amount with an Idempotency-Key, toasts WITHDRAW_PENDING, reloads wallet and statement, closes', async () => {
    const { user, dialog, amount, posts, count, onClose, confirm } = setup({
      'POST /api/wallet/withdraw': pending(899.5),
    });
    await within(dialog).findByTestId('withdraw-bank');
    await waitFor(() => expect(count('/api/statement')).toBe(1));
    // Exactly the minimum is allowed.
    await user.type(amount(), '100.50');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    await confirm();

    const toast = await screen.findByText('Withdrawal requested. The amount is held while the bank pays it out.');
    expect(toast.closest('.toast')?.classList.contains('toast-success')).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.path).toBe('/api/wallet/withdraw');
    expect(posts()[0]?.body).toEqual({ amount: 100.5 });
    expect(posts()[0]?.headers['Idempotency-Key']).toMatch(UUID);
    await waitFor(() => expect(count('/api/wallet')).toBe(2));
    await waitFor(() => expect(count('/api/statement')).toBe(2));
  });

  it('withdraw-all sends the balance shown to withdrawAll', async () => {
    const { user, dialog, posts, onClose, confirm } = setup({ 'POST /api/wallet/withdrawAll': pending(0) });
    await within(dialog).findByTestId('withdraw-bank');
    await user.click(within(dialog).getByTestId('withdraw-all'));
    await confirm();
    expect(
      await screen.findByText('Withdrawal requested. The amount is held while the bank pays it out.'),
    ).toBeTruthy();
    expect(posts().map((call) => [call.path, call.body])).toEqual([['/api/wallet/withdrawAll', { amount: 1000 }]]);
    expect(posts()[0]?.headers['Idempotency-Key']).toMatch(UUID);
    expect(onClose).toHaveBeenCalled();
  });

  it('withdraw-all checks the balance against the limits too', async () => {
    const { user, dialog, posts } = setup({ 'GET /api/wallet': { body: walletResponse({ wallet: { amount: 80 } }) } });
    await within(dialog).findByTestId('withdraw-bank');
    await user.click(within(dialog).getByTestId('withdraw-all'));
    expect(within(dialog).getByRole('alert').textContent).toBe('The minimum withdrawal is 100.00 baht.');
    expect(posts()).toEqual([]);
  });

  it('withdraw-all is off while the wallet is empty', async () => {
    const { dialog } = setup({ 'GET /api/wallet': { body: walletResponse({ wallet: { amount: 0 } }) } });
    await within(dialog).findByTestId('withdraw-bank');
    expect((within(dialog).getByTestId('withdraw-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows server refusals as danger toasts and stays open', async () => {
    const { user, dialog, amount, onClose, count, confirm } = setup({
      'POST /api/wallet/withdraw': { status: 400, body: { message: 'NO_BANK' } },
    });
    await within(dialog).findByTestId('withdraw-bank');
    await user.type(amount(), '200');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    await confirm();
    const toast = await screen.findByText('No bank account was found.');
    expect(toast.closest('.toast')?.classList.contains('toast-danger')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    // The balance on screen may be out of date after a refusal: the wallet is read again.
    await waitFor(() => expect(count('/api/wallet')).toBe(2));
  });

  it('a server limit refusal reads the limits again', async () => {
    let max = 50_000;
    const { user, dialog, amount, confirm } = setup({
      'GET /api/lookup/withdraw': () => ({ body: { withdrawMin: 100, withdrawMax: max } }),
      'POST /api/wallet/withdraw': () => {
        max = 150;
        return { status: 400, body: { message: 'WITHDRAW_MAX', field: 'amount' } };
      },
    });
    await within(dialog).findByTestId('withdraw-bank');
    await user.type(amount(), '200');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    await confirm();
    expect(await screen.findByText('The amount is above the maximum withdrawal.')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('withdraw-max').textContent).toBe('150.00'));
  });

  it('a stale withdraw-all (409) reloads the wallet, says so, and the next try sends the new balance', async () => {
    let balance = 1000;
    const { user, dialog, posts, confirm } = setup({
      'GET /api/wallet': () => ({ body: walletResponse({ wallet: { amount: balance } }) }),
      'POST /api/wallet/withdrawAll': (body) => {
        if ((body as { amount: number }).amount !== balance) {
          return { status: 409, body: { message: 'KEY_INVALID', field: 'amount' } };
        }
        return pending(0);
      },
    });
    await within(dialog).findByTestId('withdraw-bank');
    balance = 800; // A game win moved money out of the wallet while the dialog was open.
    await user.click(within(dialog).getByTestId('withdraw-all'));
    await confirm();
    const toast = await screen.findByText(
      'Your balance has changed. The latest balance is shown now; please check it and try again.',
    );
    expect(toast.closest('.toast')?.classList.contains('toast-danger')).toBe(true);
    await waitFor(() => expect(within(dialog).getByTestId('withdraw-all').textContent).toBe('Withdraw all (800.00)'));
    expect(within(dialog).getByTestId('withdraw-balance').textContent).toBe('800.00');

    await user.click(within(dialog).getByTestId('withdraw-all'));
    await confirm();
    await screen.findByText('Withdrawal requested. The amount is held while the bank pays it out.');
    expect(posts().map((call) => call.body)).toEqual([{ amount: 1000 }, { amount: 800 }]);
    const [first, second] = posts().map((call) => call.headers['Idempotency-Key']);
    expect(second).not.toBe(first);
  });

  it('retrying after a lost answer reuses the key; a new amount or an answered try gets a new one', async () => {
    let online = false;
    const { user, dialog, amount, posts, confirm } = setup({
      'POST /api/wallet/withdraw': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { status: 400, body: { message: 'MONEY_NOT_ENOUGH' } };
      },
    });
    await within(dialog).findByTestId('withdraw-bank');
    await user.type(amount(), '200');
    const submit = () => user.click(within(dialog).getByTestId('withdraw-submit'));
    await submit();
    await confirm();
    expect(await screen.findByText('Cannot reach the server. Please check your connection.')).toBeTruthy();
    online = true;
    await submit();
    await confirm();
    await screen.findByText('Your balance is not enough.');
    await submit();
    await confirm();
    await waitFor(() => expect(posts()).toHaveLength(3));
    const keys = posts().map((call) => call.headers['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('keeps the key when a gateway answers for a server that died, so the retry gets the recorded outcome', async () => {
    let gatewayUp = false;
    const { user, dialog, amount, posts, confirm } = setup({
      // A load balancer's own page when the instance behind it was killed mid-request; then the recovered answer.
      'POST /api/wallet/withdraw': () => (gatewayUp ? pending(800) : { status: 502, body: 'Bad Gateway' }),
    });
    await within(dialog).findByTestId('withdraw-bank');
    await user.type(amount(), '200');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    await confirm();
    await waitFor(() => expect(posts()).toHaveLength(1));
    gatewayUp = true;
    await user.click(await within(dialog).findByTestId('withdraw-submit'));
    await confirm();
    await screen.findByText('Withdrawal requested. The amount is held while the bank pays it out.');
    const keys = posts().map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says when the limits cannot be loaded and retries on request', async () => {
    let up = false;
    const { user, dialog } = setup({
      'GET /api/lookup/withdraw': () => (up ? limits : { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } }),
    });
    const retry = await within(dialog).findByRole('button', { name: 'Try again' });
    expect(within(dialog).getByRole('alert')).toBeTruthy();
    expect(within(dialog).queryByTestId('withdraw-submit')).toBeNull();
    up = true;
    await user.click(retry);
    expect((await within(dialog).findByTestId('withdraw-min')).textContent).toBe('100.00');
  });
});

describe('WithdrawDialog: confirmation step (issue 18, flow 3)', () => {
  it('asks first with the amount and the masked account, sending nothing until confirmed', async () => {
    const { user, dialog, amount, posts } = setup({ 'POST /api/wallet/withdraw': pending(750) });
    await within(dialog).findByTestId('withdraw-bank');
    await user.type(amount(), '250');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    const step = await within(dialog).findByTestId('withdraw-confirm');
    expect(within(step).getByRole('heading').textContent).toBe('Confirm your withdrawal');
    expect(within(step).getByTestId('withdraw-confirm-amount').textContent).toBe('250.00 baht');
    expect(within(step).getByText('Kasikornbank')).toBeTruthy();
    expect(within(step).getByText('SOMCHAI JAIDEE')).toBeTruthy();
    expect(within(step).getByTestId('withdraw-confirm-account').textContent).toBe('xxx-xxx-7890');
    expect(step.textContent).not.toContain('123-456');
    expect(posts()).toEqual([]);
  });

  it('back returns to the form with the amount kept, and sends nothing', async () => {
    const { user, dialog, amount, posts } = setup();
    await within(dialog).findByTestId('withdraw-bank');
    await user.type(amount(), '300');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    await user.click(await within(dialog).findByTestId('withdraw-back'));
    expect(within(dialog).queryByTestId('withdraw-confirm')).toBeNull();
    expect(amount().value).toBe('300');
    expect(posts()).toEqual([]);
  });

  it('withdraw-all confirms the whole balance and repeats the partial-withdraw rule', async () => {
    const { user, dialog, posts } = setup();
    await within(dialog).findByTestId('withdraw-bank');
    await user.click(within(dialog).getByTestId('withdraw-all'));
    const step = await within(dialog).findByTestId('withdraw-confirm');
    expect(within(step).getByRole('heading').textContent).toBe('Confirm withdrawing your whole balance');
    expect(within(step).getByTestId('withdraw-confirm-amount').textContent).toBe('1,000.00 baht');
    expect(step.textContent).toContain('all remaining credit is lost');
    expect(posts()).toEqual([]);
  });

  it('a double tap on confirm sends one request, and the button stays off while it runs', async () => {
    let answer: (reply: Reply) => void = () => {};
    const { user, dialog, amount, posts } = setup({
      'POST /api/wallet/withdraw': () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    await within(dialog).findByTestId('withdraw-bank');
    await user.type(amount(), '200');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    const button = (await within(dialog).findByTestId('withdraw-confirm-submit')) as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    fireEvent.click(button);
    expect(posts()).toHaveLength(1);
    answer(pending(800));
    expect(
      await screen.findByText('Withdrawal requested. The amount is held while the bank pays it out.'),
    ).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it('names the bank in Thai and translates the step', async () => {
    await setLanguage('th');
    const { user, dialog, amount } = setup({}, 'ถอนเงิน');
    await within(dialog).findByTestId('withdraw-bank');
    await user.type(amount(), '150');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    const step = await within(dialog).findByTestId('withdraw-confirm');
    expect(within(step).getByRole('heading').textContent).toBe('ยืนยันการถอนเงิน');
    expect(within(step).getByText('กสิกรไทย')).toBeTruthy();
    expect(within(step).getByTestId('withdraw-confirm-submit').textContent).toBe('ยืนยัน');
    await setLanguage('en');
  });
});
