import { OPERATOR_SOCKET_AUDIENCE, SOCKET_PATH } from '@wallet/contract/realtime-events';
import type { Socket } from 'socket.io-client';
import { getOperatorToken } from '@/lib/operator-token';

/**
 * One back-office socket for everything chat (the navigation's badge, the console, the typing
 * indicator), however many parts of the screen listen: each holder adds its listeners and lets go.
 * socket.io-client loads only when the first holder asks.
 */
let shared: Promise<Socket> | null = null;
let holders = 0;

export function holdStaffSocket(): { socket: Promise<Socket>; release: () => void } {
  const token = getOperatorToken();
  holders += 1;
  if (!shared) {
    shared = import('socket.io-client').then(({ io }) =>
      io({
        path: SOCKET_PATH,
        auth: { token, audience: OPERATOR_SOCKET_AUDIENCE },
        transports: ['websocket', 'polling'],
      }),
    );
  }
  const socket = shared;
  let released = false;
  return {
    socket,
    release: () => {
      if (released) return;
      released = true;
      holders -= 1;
      if (holders === 0 && shared === socket) {
        shared = null;
        void socket.then((s) => s.disconnect());
      }
    },
  };
}
