import { screen, within } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { walletResponse } from '@/test/wallet-fixtures';
import ProfileRoute from './profile-route';

afterEach(() => vi.unstubAllGlobals());

describe('Profile route', () => {
  it("shows the player's invite code and register link, shareable on LINE", async () => {
    const { profile, bankAccount } = walletResponse();
    mockApi({ 'GET /api/account/profile': { body: { ...profile, bankAccount } } });
    renderScreen(<ProfileRoute />);
    const share = await screen.findByTestId('invite-share');
    expect(within(share).getByTestId('invite-code').textContent).toBe(`PR${profile._id}`);
    const link = `${window.location.origin}/register?code=PR${profile._id}`;
    expect(within(share).getByTestId('invite-link').textContent).toBe(link);
    expect((within(share).getByTestId('invite-line') as HTMLAnchorElement).href).toContain(
      `https://line.me/R/msg/text/?${encodeURIComponent('Join me and register here: ')}`,
    );
  });
});
