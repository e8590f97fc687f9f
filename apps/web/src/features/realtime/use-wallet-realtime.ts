import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { WalletChangedEvent, WalletMovement } from '@wallet/contract/realtime';
import { SOCKET_PATH, WALLET_CHANGED_EVENT } from '@wallet/contract/realtime-events';
import { getToken } from '@wallet/web-kit/lib/auth-token';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { config } from '@/lib/config';
import { setCachedWalletBalance } from '@/lib/wallet/get-wallet';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { recordBalanceUpdate } from '@/lib/wallet/refresh-slots';
import { whenIdle } from '@/lib/when-idle';

/** Any authenticated call would do; the profile is small. */
const PROFILE_PATH = '/api/account/profile';

function isWalletChanged(value: unknown): value is WalletChangedEvent {
  if (!value || typeof value !== 'object' || !('wallet' in value)) return false;
  const wallet = (value as { wallet: unknown }).wallet;
  return Boolean(wallet) && typeof (wallet as { amount?: unknown }).amount === 'number';
}

function depositOf(event: WalletChangedEvent): WalletMovement | undefined {
  const movement = event.movement as Partial<WalletMovement> | undefined;
  if (movement?.kind !== 'deposit' || typeof movement.amount !== 'number') return undefined;
  return movement as WalletMovement;
}

/**
 * Applies a wallet:changed event: the header amount and its "balance updated" time at once, then a reload of
 * the wallet and the statement; a credited deposit is handed to `onDeposit` (the "received" toast).
 */
export function applyWalletChanged(
  queryClient: QueryClient,
  event: unknown,
  onDeposit?: (deposit: WalletMovement) => void,
): void {
  if (!isWalletChanged(event)) return;
  setCachedWalletBalance(queryClient, { amount: event.wallet.amount });
  if (typeof event.updatedAt === 'string') recordBalanceUpdate(queryClient, event.updatedAt);
  void invalidateMoney(queryClient);
  const deposit = depositOf(event);
  if (deposit) onDeposit?.(deposit);
}

/**
 * "Received 500.00 baht" for every credited deposit, whatever its route: a bank transfer seen by the bank
 * feed otherwise changed the balance without a word. The toast shows in an open dialog or on the screen
 * under it (ToastProvider places it). Each statement is said once, should the event arrive twice.
 */
function useDepositToast(): (deposit: WalletMovement) => void {
  const { t } = useTranslation();
  const toast = useToast();
  const said = useRef(new Set<string>());
  const latest = useRef({ t, toast });
  latest.current = { t, toast };
  const say = useRef((deposit: WalletMovement) => {
    if (said.current.has(deposit.statementId)) return;
    said.current.add(deposit.statementId);
    latest.current.toast.success(latest.current.t('wallet.depositReceived', { amount: formatMoney(deposit.amount) }));
  });
  return say.current;
}

/** The stored token, re-read when another tab logs in or out, or when this tab comes back into view. */
function subscribeToken(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener('focus', onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener('focus', onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** Socket.IO connects to the API's origin; an API base URL's path is not a Socket.IO namespace. */
function socketOrigin(): string | undefined {
  if (!config.apiBaseUrl) return undefined;
  try {
    return new URL(config.apiBaseUrl, window.location.origin).origin;
  } catch {
    return undefined;
  }
}

/**
 * Live balance updates while logged in: connects with the stored bearer token (socket.io-client is loaded
 * on demand, outside the first bundle, once the page is idle: parsing it and opening the socket during the
 * first load competed with the home screen's rendering, issue 18), reconnects when the token changes and
 * disconnects on logout.
 */
export function useWalletRealtime(): void {
  const queryClient = useQueryClient();
  const token = useAuthToken();
  const onDeposit = useDepositToast();

  useEffect(() => {
    if (!token) return;
    let closed = false;
    let disconnect: (() => void) | undefined;
    const connect = () =>
      import('socket.io-client')
        .then(({ io }) => {
          if (closed) return;
          // WebSocket first: one connection instead of a long-polling handshake and upgrade (four requests,
          // each parsed on the main thread while the wallet's first screen is still settling, issue 18);
          // long-polling remains the fallback where a network refuses WebSockets.
          const options = {
            path: SOCKET_PATH,
            auth: { token },
            transports: ['websocket', 'polling'],
            tryAllTransports: true,
          };
          const origin = socketOrigin();
          const socket = origin ? io(origin, options) : io(options);
          let connectedBefore = false;
          socket.on('connect', () => {
            // Events sent while the connection was down are lost: catch up with one reload.
            if (connectedBefore) void invalidateMoney(queryClient);
            connectedBefore = true;
          });
          socket.on(WALLET_CHANGED_EVENT, (event: unknown) => applyWalletChanged(queryClient, event, onDeposit));
          // The server closes the sockets of sessions that ended (suspended, signed out everywhere, a new
          // password): one call finds out whether this session is one of them, and its invalid-token answer
          // signs the app out at once (SPEC §8). A session still alive reconnects.
          socket.on('disconnect', (reason: string) => {
            if (reason !== 'io server disconnect') return;
            api.get(PROFILE_PATH).then(
              () => {
                if (!closed) socket.connect();
              },
              () => undefined,
            );
          });
          disconnect = () => {
            socket.off();
            socket.disconnect();
          };
        })
        .catch((error: unknown) => console.warn('live balance updates are unavailable', error));
    const cancelIdle = whenIdle(() => void connect());
    return () => {
      closed = true;
      cancelIdle();
      disconnect?.();
    };
  }, [token, queryClient, onDeposit]);
}
