import { screen } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import TerminatedRoute from './terminated-route';

afterEach(() => vi.unstubAllGlobals());

describe('TerminatedRoute', () => {
  it('is no dead end: says what happens to the money left and shows the operator contact', async () => {
    const calls = mockApi({
      'GET /api/lookup/contact': {
        body: {
          contactText: 'Call us on 02-123-4567.',
          lineLink: 'https://line.me/R/ti/p/@lucky',
          lineName: '@lucky',
          lineQR: '',
        },
      },
    });
    renderScreen(<TerminatedRoute />, '/terminated');
    expect(screen.getByRole('heading', { name: 'Service closed' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Money left in your wallet' })).toBeTruthy();
    expect(screen.getByText(/help you withdraw it/)).toBeTruthy();
    expect(await screen.findByText('Call us on 02-123-4567.')).toBeTruthy();
    expect(screen.getByText('@lucky')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add us on LINE' }).getAttribute('href')).toBe(
      'https://line.me/R/ti/p/@lucky',
    );
    expect(calls.map((call) => call.path)).toEqual(['/api/lookup/contact']);
  });
});
