import { screen } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { LimitInvite, LimitInviteAfterRegister } from './limit-invite';
import { limitOf, protectionOf } from './protection-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('LimitInvite', () => {
  it('in the deposit dialog, invites a player who has no limit', async () => {
    mockApi({ 'GET /api/account/protection': { body: { protection: protectionOf() } } });
    renderScreen(<LimitInvite where="deposit" />);
    expect((await screen.findByTestId('limit-invite')).textContent).toContain('Set a deposit limit?');
  });

  it('says nothing to a player who has a limit or a change waiting', async () => {
    const calls = mockApi({
      'GET /api/account/protection': {
        body: {
          protection: protectionOf({ limits: { day: limitOf(null), week: limitOf(2000), month: limitOf(null) } }),
        },
      },
    });
    renderScreen(<LimitInvite where="deposit" />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('limit-invite')).toBeNull();
  });

  it('on home only when registration made it due; registration success marks it due', async () => {
    const calls = mockApi({ 'GET /api/account/protection': { body: { protection: protectionOf() } } });
    const first = renderScreen(<LimitInvite where="home" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('limit-invite')).toBeNull();
    expect(calls).toHaveLength(0);
    first.unmount();
    const register = renderScreen(<LimitInviteAfterRegister />);
    expect(screen.getByText('Tip: after you log in, you can set a deposit limit in Play safe.')).toBeTruthy();
    register.unmount();
    renderScreen(<LimitInvite where="home" />);
    expect(await screen.findByTestId('limit-invite')).toBeTruthy();
  });
});
