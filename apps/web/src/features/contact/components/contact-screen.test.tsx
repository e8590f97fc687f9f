// @vitest-environment jsdom
// The contact text is operator HTML sanitised with DOMPurify, which needs jsdom (happy-dom keeps <script>).
import { screen } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { ContactScreen } from './contact-screen';

afterEach(() => vi.unstubAllGlobals());

const contact = {
  body: { contactText: 'Our team is here for you.', lineLink: 'https://line.me/x', lineName: '@lucky', lineQR: '' },
};

const info = { body: { name: 'Lucky Wallet', website: 'https://lucky.example' } };

describe('ContactScreen', () => {
  it('asks for the contact in the app language, and offers no chat while chat is off', async () => {
    const calls = mockApi({
      'GET /api/lookup/contact': contact,
      'GET /api/lookup/info': info,
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
      'GET /api/lookup/info': info,
      'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } },
    });
    renderScreen(<ContactScreen topOffset={false} />);
    expect(await screen.findByTestId('chat-entry')).toBeTruthy();
    expect(screen.getByText('Live chat')).toBeTruthy();
  });

  it("renders the operator's contact HTML safely, with the LINE QR and the operator's website", async () => {
    mockApi({
      'GET /api/lookup/contact': {
        body: {
          contactText:
            '<p>Call us <b>24/7</b></p><img src=x onerror="window.hacked=1"><script>window.hacked=1</script>',
          lineLink: 'https://line.me/x',
          lineName: '@lucky',
          lineQR: '/media/line-qr.svg?v=abc',
        },
      },
      'GET /api/lookup/info': info,
      'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: false } },
    });
    const { container } = renderScreen(<ContactScreen topOffset={false} />);
    expect((await screen.findByText('24/7')).tagName).toBe('B');
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByAltText('LINE QR code').getAttribute('src')).toBe('/media/line-qr.svg?v=abc');
    const website = await screen.findByRole('link', { name: /Lucky Wallet/ });
    expect(website.getAttribute('href')).toBe('https://lucky.example');
  });
});
