import { screen, waitFor, within } from '@testing-library/react';
import type { Invite } from '@wallet/contract/invite';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { InviteDialog } from './invite-dialog';

afterEach(() => vi.unstubAllGlobals());

const PROFILE_ID = '6650f1c2a1b2c3d4e5f6';

function invites(count: number, from = 1): Invite[] {
  return Array.from({ length: count }, (_, index) => ({
    from: { name: `Friend ${from + index}` },
    amount: 12.5,
    createdAt: '2026-05-31T23:59:30.000Z',
  }));
}

function open(banners: Reply, list: Handler | Reply) {
  const calls = mockApi({ 'GET /api/invite/banners': banners, 'POST /api/invite': list });
  const onClose = vi.fn();
  const view = renderScreen(<InviteDialog profileId={PROFILE_ID} onClose={onClose} />);
  const listCalls = () => calls.filter((call) => call.path === '/api/invite').map((call) => call.body);
  return { ...view, calls, onClose, listCalls };
}

describe('Invite dialog', () => {
  it('opens directly when there are no banners, with the code, the register link and a LINE share', async () => {
    const { listCalls } = open({ body: [] }, { body: { total: 1, invites: invites(1) } });
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(within(dialog).getByTestId('invite-code').textContent).toBe(`PR${PROFILE_ID}`);
    const link = `${window.location.origin}/register?code=PR${PROFILE_ID}`;
    expect(within(dialog).getByTestId('invite-link').textContent).toBe(link);
    const line = within(dialog).getByTestId('invite-line') as HTMLAnchorElement;
    expect(line.href).toBe(`https://line.me/R/msg/text/?${encodeURIComponent(`Join me and register here: ${link}`)}`);
    expect(line.target).toBe('_blank');
    expect(line.rel).toContain('noopener');
    await waitFor(() => expect(within(dialog).getAllByTestId('invite-row')).toHaveLength(1));
    expect(within(dialog).getByTestId('invite-row').textContent).toBe('Friend 112.5001/06/2026 06:59:30');
    expect(listCalls()).toEqual([{ page: 1, limit: 10 }]);
  });

  it('shows the banners first and the dialog once the carousel is closed', async () => {
    const { user } = open(
      { body: [{ image: '/media/invite.png', html: '<p>Invite and earn 5%</p>' }] },
      { body: { total: 0, invites: [] } },
    );
    const carousel = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(within(carousel).getByTestId('banners-first').textContent).toContain('Invite and earn 5%');
    expect(screen.queryByTestId('invite-dialog')).toBeNull();
    await user.click(within(carousel).getByTestId('banners-next'));
    const dialog = await screen.findByTestId('invite-dialog');
    expect(await within(dialog).findByText('No invite bonus yet. Share your link to start earning.')).toBeTruthy();
  });

  it('pages the invites 10 at a time', async () => {
    const { user, listCalls } = open({ body: [] }, (body) => {
      const { page } = body as { page: number };
      return { body: { total: 23, invites: page === 3 ? invites(3, 21) : invites(10, (page - 1) * 10 + 1) } };
    });
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
    await waitFor(() => expect(within(dialog).getAllByTestId('invite-row')).toHaveLength(10));
    // Pages shown: 3 before and 1 after the current one (SPEC §9), so page 3 is reached through page 2.
    await user.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('invite-row')[0]?.textContent).toContain('Friend 11'));
    await user.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('invite-row')).toHaveLength(3));
    expect(within(dialog).getAllByTestId('invite-row')[0]?.textContent).toContain('Friend 21');
    expect(listCalls()).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
      { page: 3, limit: 10 },
    ]);
  });

  it('opens the dialog when the banners cannot be loaded, and a failed list only leaves it empty', async () => {
    open({ status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } }, { status: 500, body: {} });
    const dialog = await screen.findByTestId('invite-dialog');
    await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
    expect(within(dialog).queryAllByTestId('invite-row')).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
