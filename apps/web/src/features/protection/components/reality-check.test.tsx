import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ProtectionSessionResponse } from '@wallet/contract/protection';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { RealityCheck } from './reality-check';
// Loaded ahead: the shell loads the modal's chunk when a check is due, which fake timers cannot wait for.
import './reality-check-modal';

const MINUTE = 60_000;
const SIGNED_IN = Date.parse('2026-03-01T03:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(SIGNED_IN + 5 * MINUTE);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The server's answer at the fake clock's now, for a 15-minute interval unless told. */
function sessionNow(extra: Partial<ProtectionSessionResponse> = {}): ProtectionSessionResponse {
  const now = Date.now();
  const minutes = extra.realityCheckMinutes ?? 15;
  const elapsed = Math.floor((now - SIGNED_IN) / MINUTE);
  const next = minutes > 0 ? SIGNED_IN + (Math.floor(elapsed / minutes) + 1) * minutes * MINUTE : null;
  return {
    realityCheckMinutes: minutes,
    signedInAt: new Date(SIGNED_IN).toISOString(),
    now: new Date(now).toISOString(),
    elapsedMinutes: elapsed,
    nextCheckAt: next === null ? null : new Date(next).toISOString(),
    deposited: 1000,
    withdrawn: 0,
    toGames: 800,
    fromGames: 350.5,
    net: -449.5,
    currency: 'THB',
    ...extra,
  };
}

function renderCheck(minutes = 15) {
  const calls = mockApi({
    'GET /api/account/protection/session': () => ({ body: sessionNow({ realityCheckMinutes: minutes }) }),
    'POST /api/account/protection/session/acknowledge': { body: { message: 'OK' } },
  });
  const onSignOut = vi.fn();
  const view = renderRoutes(
    [
      { path: '/user/home', element: <RealityCheck onSignOut={onSignOut} /> },
      { path: '/user/statement', element: <output data-testid="page">statement</output> },
    ],
    '/user/home',
  );
  return { calls, onSignOut, ...view };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const sessionCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === '/api/account/protection/session').length;

describe('RealityCheck', () => {
  it('shows the check at sign-in + 15 min with the time and net result, and only its buttons close it', async () => {
    const { calls } = renderCheck();
    await advance(0);
    expect(sessionCalls(calls)).toBe(1);
    await advance(10 * MINUTE - 1_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(1_000);
    await advance(100);
    const dialog = screen.getByRole('alertdialog', { name: 'Reality check' });
    // Fresh figures at the moment it is due.
    expect(sessionCalls(calls)).toBe(2);
    expect(within(dialog).getByTestId('reality-elapsed').textContent).toBe('You have been signed in for 15 min.');
    expect(within(dialog).getByTestId('reality-net').textContent).toBe('-449.50 THB');
    expect(dialog.textContent).toContain('Signed in at 01/03/2026 10:00:00');
    // Not dismissible: no close button, Escape and a tap outside leave it open.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(document.querySelector('.modal-backdrop') as Element);
    expect(screen.getByRole('alertdialog')).toBe(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue playing' }));
    await advance(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.path.endsWith('/acknowledge'))).toHaveLength(1);

    // The next one comes 15 minutes later, at sign-in + 30 min, with the hours and minutes.
    await advance(15 * MINUTE - 1_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(1_100);
    expect(screen.getByTestId('reality-elapsed').textContent).toBe('You have been signed in for 30 min.');
  });

  it('counts hours and minutes for a long session', async () => {
    vi.setSystemTime(SIGNED_IN + 119 * MINUTE);
    renderCheck(60);
    await advance(MINUTE + 100);
    expect(screen.getByTestId('reality-elapsed').textContent).toBe('You have been signed in for 2 h 0 min.');
  });

  it('"see statement" records the answer and opens the statement', async () => {
    const { calls } = renderCheck();
    await advance(10 * MINUTE + 100);
    fireEvent.click(screen.getByRole('button', { name: 'See statement' }));
    await advance(0);
    expect(screen.getByTestId('page').textContent).toBe('statement');
    expect(calls.some((call) => call.path.endsWith('/acknowledge'))).toBe(true);
  });

  it('"sign out" records the answer and signs out through the shell', async () => {
    const { onSignOut } = renderCheck();
    await advance(10 * MINUTE + 100);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await advance(0);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('never shows when the player turned it off', async () => {
    const { calls } = renderCheck(0);
    await advance(5 * 60 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sessionCalls(calls)).toBe(1);
  });
});
