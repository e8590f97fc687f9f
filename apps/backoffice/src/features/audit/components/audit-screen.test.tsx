import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@wallet/contract/backoffice/audit';
import { LIST_COUNT_CAP } from '@wallet/contract/backoffice/csv-export';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it, vi } from 'vitest';
import { stubDownloads } from '@/test/download';
import { me, renderApp, signedIn } from '@/test/render';

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: String(id),
    at: '2026-03-01T03:04:05.000Z',
    operatorId: 'op-owner',
    operatorUsername: 'admin',
    operatorRole: 'owner',
    action: 'staff.create',
    targetType: 'operator',
    targetId: `op-${id}`,
    targetPlayer: null,
    before: null,
    after: { username: `user${id}`, role: 'support' },
    reason: 'new hire',
    ip: '10.0.0.7',
    requestId: `req-${id}`,
    ...overrides,
  };
}

const staff = {
  items: [
    {
      id: 'op-owner',
      username: 'admin',
      role: 'owner',
      status: 'active',
      totpEnabled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastLoginAt: null,
      loginLock: null,
    },
  ],
};

describe('Audit log', () => {
  it('lists rows newest first with translated actions, time in Bangkok and the change on demand', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('auditor') },
      'GET /api/backoffice/staff': { body: staff },
      'GET /api/backoffice/audit': { body: { items: [entry(1)], total: 1, page: 1, limit: 50 } },
    });
    const { user } = renderApp('/audit');
    const row = await screen.findByTestId('audit-row');
    expect(within(row).getByText('Created staff account')).toBeTruthy();
    expect(within(row).getByText('01/03/2026 10:04:05')).toBeTruthy();
    expect(within(row).getByText('Staff · op-1')).toBeTruthy();
    await user.click(within(row).getByText('Show'));
    expect(within(row).getByText(/"username": "user1"/)).toBeTruthy();
    expect(screen.getByText('1 row')).toBeTruthy();
  });

  it('shows a player target as the player (phone and name) linking to their page, not as an id', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('auditor') },
      'GET /api/backoffice/staff': { body: staff },
      'GET /api/backoffice/audit': {
        body: {
          items: [
            entry(1, {
              action: 'player.suspend',
              targetType: 'player',
              targetId: 'U0000000042',
              targetPlayer: { username: '0812345678', name: 'Somchai' },
            }),
          ],
          total: 1,
          page: 1,
          limit: 50,
        },
      },
    });
    renderApp('/audit');
    const row = await screen.findByTestId('audit-row');
    const link = within(row).getByRole('link', { name: /0812345678/ });
    expect(link.textContent).toContain('Somchai');
    expect(link.getAttribute('href')).toBe('/players/U0000000042');
    expect(within(row).queryByText(/U0000000042/)).toBeNull();
  });

  it('filters and pages on the server, Bangkok days with an exclusive end', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/staff': { body: staff },
      'GET /api/backoffice/audit': () => ({
        body: { items: Array.from({ length: 50 }, (_, i) => entry(i + 1)), total: 120, page: 1, limit: 50 },
      }),
    });
    const { user } = renderApp('/audit');
    await screen.findAllByTestId('audit-row');
    await user.selectOptions(screen.getByLabelText('Operator'), 'op-owner');
    await user.selectOptions(screen.getByLabelText('Action'), 'staff.role');
    await user.selectOptions(screen.getByLabelText('Target type'), 'operator');
    await user.type(screen.getByLabelText('Target id'), 'op-7');
    // SPEC's DD/MM/YYYY, typed as text: never the browser's own date picker in its locale.
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.type).toBe('text');
    expect(from.placeholder).toBe('DD/MM/YYYY');
    await user.type(from, '01/03/2026');
    await user.type(screen.getByLabelText('To'), '02/03/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/backoffice/audit').length).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/backoffice/audit').length).toBe(3));

    const fetchUrls = vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
    const audits = fetchUrls.filter((url) => url.pathname === '/api/backoffice/audit');
    expect(Object.fromEntries(audits[0]!.searchParams)).toEqual({ page: '1', limit: '50' });
    expect(Object.fromEntries(audits[2]!.searchParams)).toEqual({
      operatorId: 'op-owner',
      action: 'staff.role',
      targetType: 'operator',
      targetId: 'op-7',
      from: '2026-02-28T17:00:00.000Z',
      to: '2026-03-02T17:00:00.000Z',
      page: '3',
      limit: '50',
    });
  });

  it('says when more rows match than the server counts, in the footer and before the CSV download', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/staff': { body: staff },
      'GET /api/backoffice/audit': {
        body: {
          items: Array.from({ length: 50 }, (_, i) => entry(i + 1)),
          total: LIST_COUNT_CAP,
          totalCapped: true,
          page: 1,
          limit: 50,
        },
      },
    });
    renderApp('/audit');
    await screen.findAllByTestId('audit-row');
    expect(
      screen.getByText(
        'More than 10,000 rows match; the pages show the first 10,000. Narrow the filters to see the rest.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('10,000 rows')).toBeNull();
    expect(screen.getByTestId('export-capped').textContent).toBe(
      'The CSV holds the first 10,000 of 10,000+ rows; narrow the filters for the rest.',
    );
  });

  it('downloads the filtered rows as CSV with the operator’s token', async () => {
    signedIn();
    const { click, createObjectURL, saved } = stubDownloads();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('auditor') },
      'GET /api/backoffice/staff': { body: staff },
      'GET /api/backoffice/audit': { body: { items: [entry(1)], total: 1, page: 1, limit: 50 } },
      'GET /api/backoffice/audit.csv': { body: undefined },
    });
    const { user } = renderApp('/audit');
    await screen.findByTestId('audit-row');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csvCall = calls.find((call) => call.path === '/api/backoffice/audit.csv');
    expect(csvCall?.headers.Authorization).toBe('Bearer operator-token');
    expect(createObjectURL).toHaveBeenCalled();
    expect(saved()[0]).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
