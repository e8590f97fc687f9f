import { screen } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { ContactScreen } from './contact-screen';

afterEach(() => vi.unstubAllGlobals());

const contact = {
  body: { contactText: 'Our team is here for you.', lineLink: 'https://line.me/x', lineName: '@lucky', lineQR: '' },
};

describe('ContactScreen', () => {
  it('asks for the contact in the app language, and offers no chat while chat is off', async () => {
    const calls = mockApi({
      'GET /api/lookup/contact': contact,
      'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: false } },
    });
    renderScreen(<ContactScreen topOffset={false} />);
    expect(await screen.findByText('Our team is here for you.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/lookup/contact')?.search).toBe('?lang=en');
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/lookup/enableChatWidget')).toBe(true));
    expect(screen.queryByTestId('chat-entry')).toBeNull();
    expect(screen.queryByText(/chat/i)).toBeNull();
  });

  it('shows the chat entry when the operator enabled chat', async () => {
    mockApi({
      'GET /api/lookup/contact': contact,
      'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } },
    });
    renderScreen(<ContactScreen topOffset={false} />);
    expect(await screen.findByTestId('chat-entry')).toBeTruthy();
    expect(screen.getByText('Live chat')).toBeTruthy();
  });
});
