import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { me, renderApp, signedIn } from '@/test/render';

const messages = [
  { phone: '0812345678', text: 'Lucky: your code is 123456', createdAt: '2026-03-01T03:04:05.000Z', code: '123456' },
];

describe('Sandbox SMS codes', () => {
  it('lists the codes the sandbox sent, searchable by phone, from its own entry in the navigation', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('support', { sandbox: true }) },
      'GET /api/backoffice/sandbox/sms': { body: { messages } },
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'SMS codes (sandbox)' }, { timeout: 5000 }));
    const row = await screen.findByTestId('sms-row', {}, { timeout: 5000 });
    expect(within(row).getByText('123456')).toBeTruthy();
    expect(within(row).getByText('0812345678')).toBeTruthy();
    expect(within(row).getByText('01/03/2026 10:04:05')).toBeTruthy();
    await user.type(screen.getByLabelText('Phone'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.search === '?phone=0812345678')).toBe(true));
  });

  it('has no entry outside the sandbox', async () => {
    signedIn();
    mockApi({ 'GET /api/backoffice/me': { body: me('owner') } });
    renderApp('/');
    await screen.findByRole('link', { name: 'Players' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'SMS codes (sandbox)' })).toBeNull();
  });
});
