import type { Socket } from 'socket.io-client';
import { openOperatorSocket } from '@/lib/operator-socket';
import { getOperatorToken } from '@/lib/operator-token';

/**
 * One back-office socket for everything chat (the navigation's badge, the console, the typing
 * indicator), however many parts of the screen listen: each holder adds its listeners and lets go.
 */
let shared: Promise<Socket> | null = null;
let holders = 0;

export function holdStaffSocket(): { socket: Promise<Socket>; release: () => void } {
  const token = getOperatorToken();
  holders += 1;
  if (!shared) {
    shared = openOperatorSocket(token);
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
