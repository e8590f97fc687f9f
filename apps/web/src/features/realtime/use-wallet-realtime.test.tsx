import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { WalletResponse } from '@wallet/contract/wallet';
import { setToken } from '@wallet/web-kit/lib/auth-token';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { ToastProvider } from '@wallet/web-kit/ui/toast';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletQueryKey } from '@/lib/wallet/get-wallet';
import { statementQueryKey } from '@/lib/wallet/invalidate-money';
import { lastSyncQueryKey } from '@/lib/wallet/refresh-slots';
import { walletResponse } from '@/test/wallet-fixtures';
import { useWalletRealtime } from './use-wallet-realtime';

type Listener = (payload?: unknown) => void;

interface FakeSocket {
  token: string;
  options: Record<string, unknown>;
  listeners: Map<string, Listener>;
  disconnect: ReturnType<typeof vi.fn>;
  connect: ReturnType<typeof vi.fn>;
  emit: (event: string, payload?: unknown) => void;
}

const sockets: FakeSocket[] = [];

vi.mock('socket.io-client', () => ({
  io: vi.fn((...args: unknown[]) => {
    const options = args[args.length - 1] as { auth: { token: string } };
    const listeners = new Map<string, Listener>();
    const socket: FakeSocket = {
      token: options.auth.token,
      options,
      listeners,
      disconnect: vi.fn(),
      connect: vi.fn(),
      emit: (event, payload) => listeners.get(event)?.(payload),
    };
    sockets.push(socket);
    return {
      on: (event: string, listener: Listener) => listeners.set(event, listener),
      off: () => listeners.clear(),
      disconnect: socket.disconnect,
      connect: socket.connect,
    };
  }),
}));

beforeEach(() => {
  sockets.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(walletQueryKey, walletResponse());
  queryClient.setQueryData(statementQueryKey(1), { total: 0, statements: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useWalletRealtime(), { wrapper }) };
}

describe('useWalletRealtime', () => {
  it('does not connect without a token', async () => {
    setup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sockets).toHaveLength(0);
  });

  it('connects with the bearer token on the contract path; wallet:changed updates the cached wallet at once', async () => {
    setToken('token-1', true);
    const { queryClient } = setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]?.options).toMatchObject({
      path: '/socket.io',
      auth: { token: 'token-1' },
      // A WebSocket at once, long-polling only as the fallback.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
    });

    act(() => sockets[0]?.emit('wallet:changed', { wallet: { amount: 4321.5 }, updatedAt: '2026-03-01T00:00:00Z' }));
    expect(queryClient.getQueryData<WalletResponse>(walletQueryKey)?.wallet.amount).toBe(4321.5);
    // The game-account amounts and the statement are reloaded from the server.
    expect(queryClient.getQueryState(walletQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(statementQueryKey(1))?.isInvalidated).toBe(true);
  });

  it('wallet:changed moves the "balance updated" time to the event\'s time, never backwards (issue 18, item 14)', async () => {
    setToken('token-1', true);
    localStorage.setItem('last_sync', '2026-03-01T00:00:00.000Z');
    const { queryClient } = setup();
    queryClient.setQueryData(lastSyncQueryKey, '2026-03-01T00:00:00.000Z');
    await waitFor(() => expect(sockets).toHaveLength(1));

    act(() => sockets[0]?.emit('wallet:changed', { wallet: { amount: 50 }, updatedAt: '2026-03-01T00:05:00.000Z' }));
    expect(queryClient.getQueryData(lastSyncQueryKey)).toBe('2026-03-01T00:05:00.000Z');
    expect(localStorage.getItem('last_sync')).toBe('2026-03-01T00:05:00.000Z');

    // A late event about an older change leaves the newer time in place.
    act(() => sockets[0]?.emit('wallet:changed', { wallet: { amount: 40 }, updatedAt: '2026-03-01T00:01:00.000Z' }));
    expect(queryClient.getQueryData(lastSyncQueryKey)).toBe('2026-03-01T00:05:00.000Z');
  });

  it('says "received" for a credited deposit, whatever its route, and nothing for other changes', async () => {
    setToken('token-1', true);
    setup();
    await waitFor(() => expect(sockets).toHaveLength(1));

    act(() => sockets[0]?.emit('wallet:changed', { wallet: { amount: 900 }, updatedAt: '2026-03-01T00:05:00.000Z' }));
    expect(screen.queryByRole('status')).toBeNull();

    const deposit = { kind: 'deposit', amount: 500, statementId: 'st-1' };
    const event = { wallet: { amount: 1400 }, updatedAt: '2026-03-01T00:06:00.000Z', movement: deposit };
    act(() => sockets[0]?.emit('wallet:changed', event));
    expect((await screen.findByRole('status')).textContent).toBe('Received 500.00 baht');
    // The same deposit told twice (another instance, a replay) is said once.
    act(() => sockets[0]?.emit('wallet:changed', event));
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('catches up with one reload after a reconnection', async () => {
    setToken('token-1', true);
    const { queryClient } = setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0]?.emit('connect'));
    expect(queryClient.getQueryState(walletQueryKey)?.isInvalidated).toBe(false);
    act(() => sockets[0]?.emit('connect'));
    expect(queryClient.getQueryState(walletQueryKey)?.isInvalidated).toBe(true);
  });

  it('signs the app out when the server ends the session (suspension, sign-out everywhere) (issue 14)', async () => {
    setToken('token-1', true);
    const calls = mockApi({ 'GET /api/account/profile': { status: 401, body: { message: 'invalid-token' } } });
    setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0]?.emit('disconnect', 'transport close'));
    expect(calls).toHaveLength(0);
    act(() => sockets[0]?.emit('disconnect', 'io server disconnect'));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/account/profile']));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(sockets[0]?.connect).not.toHaveBeenCalled();
  });

  it('reconnects after a server disconnect when the session is still alive', async () => {
    setToken('token-1', true);
    mockApi({ 'GET /api/account/profile': { body: {} } });
    setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0]?.emit('disconnect', 'io server disconnect'));
    await waitFor(() => expect(sockets[0]?.connect).toHaveBeenCalled());
  });

  it('ignores malformed events', async () => {
    setToken('token-1', true);
    const { queryClient } = setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0]?.emit('wallet:changed', { wallet: { amount: 'lots' } }));
    expect(queryClient.getQueryData<WalletResponse>(walletQueryKey)?.wallet.amount).toBe(1000);
    expect(queryClient.getQueryState(walletQueryKey)?.isInvalidated).toBe(false);
  });

  it('reconnects when the token changes in another tab and disconnects on logout and unmount', async () => {
    setToken('token-1', true);
    const { unmount } = setup();
    await waitFor(() => expect(sockets).toHaveLength(1));

    act(() => {
      localStorage.setItem('token', 'token-2');
      window.dispatchEvent(new Event('storage'));
    });
    await waitFor(() => expect(sockets).toHaveLength(2));
    expect(sockets[0]?.disconnect).toHaveBeenCalled();
    expect(sockets[1]?.token).toBe('token-2');

    act(() => {
      localStorage.removeItem('token');
      window.dispatchEvent(new Event('storage'));
    });
    await waitFor(() => expect(sockets[1]?.disconnect).toHaveBeenCalled());
    expect(sockets).toHaveLength(2);
    unmount();
  });

  it('loads and connects the socket only once the browser is idle, not during the first load (issue 18)', async () => {
    const idle: IdleRequestCallback[] = [];
    const requestIdle = vi.fn((callback: IdleRequestCallback, _options?: IdleRequestOptions) => idle.push(callback));
    vi.stubGlobal('requestIdleCallback', requestIdle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    setToken('token-1', true);
    setup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sockets).toHaveLength(0);
    // A busy page still connects soon: the idle wait has a deadline.
    expect(requestIdle.mock.calls[0]?.[1]?.timeout).toBeGreaterThan(0);

    act(() => {
      for (const callback of idle) callback({ didTimeout: false, timeRemaining: () => 50 });
    });
    await waitFor(() => expect(sockets).toHaveLength(1));
  });

  it('never connects when the token is gone before the browser is idle', async () => {
    const idle: IdleRequestCallback[] = [];
    const cancelIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    setToken('token-1', true);
    const { unmount } = setup();
    unmount();
    expect(cancelIdle).toHaveBeenCalled();
    act(() => {
      for (const callback of idle) callback({ didTimeout: true, timeRemaining: () => 0 });
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sockets).toHaveLength(0);
  });

  it('disconnects when the member shell unmounts', async () => {
    setToken('token-1', true);
    const { unmount } = setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    unmount();
    expect(sockets[0]?.disconnect).toHaveBeenCalled();
  });
});
