import { OPERATOR_SOCKET_AUDIENCE, SOCKET_PATH } from '@wallet/contract/realtime-events';
import type { Socket } from 'socket.io-client';

/**
 * A back-office socket (operator token, operator audience). socket.io-client loads only when the
 * first screen that listens asks for it.
 *
 * The server drops an operator's sockets when their session ends (logout, disable, reset) and when
 * their role changes, so no socket keeps hearing what the old role read. socket.io does not come back
 * by itself after such a drop: this socket asks once. With a live session the handshake then proves
 * the new role and the socket hears what that role reads; with an ended one it is refused and stays
 * closed.
 */
export async function openOperatorSocket(token: string | null): Promise<Socket> {
  const { io } = await import('socket.io-client');
  const socket = io({
    path: SOCKET_PATH,
    auth: { token, audience: OPERATOR_SOCKET_AUDIENCE },
    transports: ['websocket', 'polling'],
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') socket.connect();
  });
  return socket;
}
