import { screen, within } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { PlaySafeScreen } from './play-safe-screen';
import { limitOf, protectionOf } from './protection-fixtures';

afterEach(() => vi.unstubAllGlobals());

const answer = (protection = protectionOf()) => ({ body: { protection } });

describe('PlaySafeScreen', () => {
  it('shows each limit with what was deposited in its window, and saves the boxes in baht, empty as none', async () => {
    const calls = mockApi({
      'GET /api/account/protection': answer(
        protectionOf({
          limits: { day: limitOf(1000, { used: 250, remaining: 750 }), week: limitOf(null), month: limitOf(null) },
        }),
      ),
      'PUT /api/account/protection/limits': answer(
        protectionOf({ limits: { day: limitOf(500), week: limitOf(2000), month: limitOf(null) } }),
      ),
    });
    const { user } = renderScreen(<PlaySafeScreen />);
    const day = (await screen.findByLabelText('Limit per 24 hours (baht)')) as HTMLInputElement;
    expect(day.value).toBe('1,000');
    expect(screen.getByTestId('limits-card').textContent).toContain('Deposited in this period: 250.00 / 1,000.00 baht');
    expect((screen.getByLabelText('Limit per 30 days (baht)') as HTMLInputElement).value).toBe('');
    await user.clear(day);
    await user.type(day, '500');
    await user.type(screen.getByLabelText('Limit per 7 days (baht)'), '2000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Your deposit limits are saved and apply now.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ day: 500, week: 2000, month: null });
  });

  it('refuses a limit of 0 without asking the server', async () => {
    const calls = mockApi({ 'GET /api/account/protection': answer() });
    const { user } = renderScreen(<PlaySafeScreen />);
    await user.type(await screen.findByLabelText('Limit per 24 hours (baht)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'A limit must be more than 0. Leave the box empty for no limit.',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a raise waiting for its 24 hours, then a confirm button once it is due', async () => {
    const waiting = { amount: 5000, requestedAt: '2026-03-01T03:00:00.000Z', appliesAt: '2026-03-02T03:00:00.000Z' };
    const calls = mockApi({
      'GET /api/account/protection': answer(
        protectionOf({
          limits: {
            day: limitOf(1000, { pending: { ...waiting, confirmable: true } }),
            week: limitOf(3000, { pending: { ...waiting, amount: null, confirmable: false } }),
            month: limitOf(null),
          },
        }),
      ),
      'POST /api/account/protection/limits/confirm': answer(
        protectionOf({ limits: { day: limitOf(5000), week: limitOf(3000), month: limitOf(null) } }),
      ),
    });
    const { user } = renderScreen(<PlaySafeScreen />);
    const week = await screen.findByTestId('pending-week');
    expect(week.textContent).toContain('Removal of this limit requested.');
    expect(week.textContent).toContain('You can confirm it from 02/03/2026 10:00:00');
    expect(within(week).queryByRole('button')).toBeNull();
    const day = screen.getByTestId('pending-day');
    expect(day.textContent).toContain('Change requested to 5,000.00 baht');
    await user.click(within(day).getByRole('button', { name: 'Confirm the change' }));
    expect(await screen.findByText('The change is confirmed and applies now.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/confirm'))?.body).toEqual({ period: 'day' });
    expect((screen.getByLabelText('Limit per 24 hours (baht)') as HTMLInputElement).value).toBe('5,000');
    expect(screen.queryByTestId('pending-day')).toBeNull();
  });

  it('starts a time-out only after the player ticks that it cannot be cancelled', async () => {
    const calls = mockApi({
      'GET /api/account/protection': answer(),
      'POST /api/account/protection/timeout': answer(
        protectionOf({
          state: 'timeout',
          timeout: { startedAt: '2026-03-01T03:00:00.000Z', endsAt: '2026-03-08T03:00:00.000Z', days: 7, active: true },
          restrictedUntil: '2026-03-08T03:00:00.000Z',
        }),
      ),
    });
    const { user } = renderScreen(<PlaySafeScreen />);
    await user.click(await screen.findByRole('radio', { name: '7 days' }));
    await user.click(screen.getByRole('button', { name: 'Take a break' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Take a break of 7 days?' });
    expect(dialog.textContent).toContain('Neither you nor our staff can cancel or shorten the break.');
    expect(dialog.textContent).toContain('You can still sign in to see your statement and withdraw your money.');
    const submit = within(dialog).getByRole('button', { name: 'Start my break' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I understand that this cannot be cancelled.' }));
    await user.click(submit);
    expect(await screen.findByText('Your break of 7 days has started.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/timeout'))?.body).toEqual({ days: 7 });
    const status = screen.getByTestId('protection-status');
    expect(status.textContent).toContain('You are taking a break');
    expect(status.textContent).toContain('Until 08/03/2026 10:00:00');
    // A running break cannot be started again; self-exclusion is still offered.
    expect(screen.queryByTestId('timeout-card')).toBeNull();
    expect(screen.getByTestId('exclusion-card')).toBeTruthy();
  });

  it('self-excludes for the chosen length, explaining what happens when it ends', async () => {
    const calls = mockApi({
      'GET /api/account/protection': answer(),
      'POST /api/account/protection/exclusion': answer(
        protectionOf({ state: 'excluded', restrictedUntil: '2027-03-01T03:00:00.000Z' }),
      ),
    });
    const { user } = renderScreen(<PlaySafeScreen />);
    await user.click(await screen.findByRole('radio', { name: '1 year' }));
    await user.click(screen.getByRole('button', { name: 'Exclude myself' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Exclude yourself for 1 year?' });
    expect(dialog.textContent).toContain('your account stays closed until you ask to return');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Exclude me' }));
    expect(await screen.findByText('Your self-exclusion of 1 year has started.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/exclusion'))?.body).toEqual({ months: 12 });
    expect(screen.queryByTestId('exclusion-card')).toBeNull();
  });

  it('cancelling the confirmation starts nothing', async () => {
    const calls = mockApi({ 'GET /api/account/protection': answer() });
    const { user } = renderScreen(<PlaySafeScreen />);
    await user.click(await screen.findByRole('button', { name: 'Exclude myself' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('after an ended self-exclusion, the player asks to return and the cooling-off is shown', async () => {
    const calls = mockApi({
      'GET /api/account/protection': answer(protectionOf({ state: 'closed' })),
      'POST /api/account/protection/return': answer(
        protectionOf({ state: 'cooling_off', restrictedUntil: '2026-03-02T03:00:00.000Z' }),
      ),
    });
    const { user } = renderScreen(<PlaySafeScreen />);
    const status = await screen.findByTestId('protection-status');
    expect(status.textContent).toContain('Your self-exclusion has ended');
    expect(screen.queryByTestId('timeout-card')).toBeNull();
    expect(screen.queryByTestId('exclusion-card')).toBeNull();
    await user.click(within(status).getByRole('button', { name: 'Ask to return' }));
    expect(await screen.findByText('Your request is recorded. Play opens in 24 hours.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/protection/return')).toBe(true);
    expect(screen.getByTestId('protection-status').textContent).toContain('Until 02/03/2026 10:00:00');
  });

  it('saves the reality-check interval as soon as it is picked', async () => {
    const calls = mockApi({
      'GET /api/account/protection': answer(),
      'PUT /api/account/protection/reality-check': answer(protectionOf({ realityCheckMinutes: 30 })),
    });
    const { user } = renderScreen(<PlaySafeScreen />);
    await user.selectOptions(await screen.findByLabelText('Remind me'), 'Every 30 minutes');
    expect(await screen.findByText('Reality check: Every 30 minutes.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/reality-check'))?.body).toEqual({ minutes: 30 });
  });

  it('shows a refusal in the player language', async () => {
    mockApi({
      'GET /api/account/protection': answer(),
      'PUT /api/account/protection/limits': { status: 400, body: { message: 'KEY_INVALID' } },
    });
    const { user } = renderScreen(<PlaySafeScreen />);
    await user.type(await screen.findByLabelText('Limit per 24 hours (baht)'), '100');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Some information is not valid.');
  });

  it('tells the player which bank transfers were held for review, and why', async () => {
    mockApi({
      'GET /api/account/protection': answer(
        protectionOf({
          heldDeposits: [
            { amount: 250, at: '2026-03-01T03:00:00.000Z', reason: 'DEPOSIT_LIMIT' },
            { amount: 80, at: '2026-02-27T03:00:00.000Z', reason: 'PLAYER_RESTRICTED' },
          ],
        }),
      ),
    });
    renderScreen(<PlaySafeScreen />);
    const held = await screen.findByTestId('held-deposits');
    const items = within(held).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('250.00 baht');
    expect(items[0]?.textContent).toContain('01/03/2026 10:00:00');
    expect(items[0]?.textContent).toContain(
      'Your transfer went over your deposit limit, so it is held for our staff to review.',
    );
    expect(items[1]?.textContent).toContain('This transfer arrived while your play was paused');
  });
});
