import { act, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wallet/contract/constants';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { ChatLauncher, INVITE_VISIBLE_MS } from './chat-launcher';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const chatApi = {
  'GET /api/chat/config': { body: { PREFIX: 'room:' } },
  'POST /api/chat/history': { body: { conversations: [] } },
};

describe('ChatLauncher', () => {
  it('shows nothing, and loads no chat, while the operator has chat off', async () => {
    const calls = mockApi({ 'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: false } } });
    renderScreen(<ChatLauncher />);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/lookup/enableChatWidget')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByTestId('chat-launcher')).toBeNull();
    expect(screen.queryByTestId('chat-invite')).toBeNull();
  });

  it('shows the logo button and the invite bubble; the panel loads only when first opened and toggles', async () => {
    const calls = mockApi({ 'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } }, ...chatApi });
    const { user } = renderScreen(<ChatLauncher />);
    const button = await screen.findByTestId('chat-launcher');
    expect(button.textContent).toBe('Open the chat');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect((await screen.findByTestId('chat-invite')).textContent).toContain('Need help? Chat with us');
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/chat/'))).toBe(false);

    await user.click(button);
    const panel = await screen.findByTestId('chat-panel');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.classList.contains('is-open')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Live chat' })).toBeTruthy();
    expect(screen.queryByTestId('chat-invite')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/chat/history')).toBe(true));

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.getAttribute('aria-hidden')).toBe('true');
    expect(panel.classList.contains('is-open')).toBe(false);
    // Collapsed, not gone: the conversation is kept.
    expect(screen.getByTestId('chat-panel')).toBe(panel);
  });

  // Before the test that closes the invitation for the rest of the visit (a module flag).
  it('keeps the invitation hidden while a dialog is open: it never lies over one', async () => {
    mockApi({ 'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } }, ...chatApi });
    renderScreen(
      <>
        <div role="dialog" aria-label="Deposit" />
        <ChatLauncher />
      </>,
    );
    const invite = await screen.findByTestId('chat-invite');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(invite.classList.contains('is-waiting')).toBe(true);
    expect(invite.getAttribute('aria-hidden')).toBe('true');
  });

  it('retracts the invite bubble after a while, and once closed it stays closed as the player moves on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi({ 'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } }, ...chatApi });
      const first = renderScreen(<ChatLauncher />);
      await screen.findByTestId('chat-invite');
      // It sits over the page's content on a phone: an invitation, not a fixture.
      await act(() => vi.advanceTimersByTimeAsync(INVITE_VISIBLE_MS));
      expect(screen.queryByTestId('chat-invite')).toBeNull();
      expect(screen.getByTestId('chat-launcher')).toBeTruthy();
      first.unmount();

      const second = renderScreen(<ChatLauncher />);
      await second.user.click(await screen.findByRole('button', { name: 'Hide this message' }));
      second.unmount();
      // Another page (another layout) mounts the launcher again: the closed invitation does not come back.
      renderScreen(<ChatLauncher />);
      await screen.findByTestId('chat-launcher');
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(screen.queryByTestId('chat-invite')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks whether support answered someone who can be answered, after the first screen, without the panel', async () => {
    localStorage.setItem(STORAGE_KEYS.guestId, 'guest-12345678');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = mockApi({ 'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } }, ...chatApi });
      renderScreen(<ChatLauncher />);
      await screen.findByTestId('chat-launcher');
      // Not with the screen's first load: after it.
      expect(calls.some((call) => call.path.startsWith('/api/chat/'))).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(calls.some((call) => call.path === '/api/chat/history')).toBe(true));
      expect(screen.queryByTestId('chat-panel')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
