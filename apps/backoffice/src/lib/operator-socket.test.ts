import { OPERATOR_SOCKET_AUDIENCE, SOCKET_PATH } from '@wallet/contract/realtime-events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openOperatorSocket } from './operator-socket';

/** A stand-in for socket.io-client's socket: the test plays its disconnects. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, (reason: string) => void>();
  return {
    handlers,
    socket: {
      on: (event: string, handler: (reason: string) => void) => handlers.set(event, handler),
      connect: vi.fn(),
    },
    io: vi.fn(),
  };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

describe('openOperatorSocket', () => {
  beforeEach(() => {
    fake.handlers.clear();
    fake.socket.connect.mockClear();
    fake.io.mockReset().mockReturnValue(fake.socket);
  });

  it("connects with the operator's token in the operator audience", async () => {
    await openOperatorSocket('tok');
    expect(fake.io).toHaveBeenCalledWith(
      expect.objectContaining({ path: SOCKET_PATH, auth: { token: 'tok', audience: OPERATOR_SOCKET_AUDIENCE } }),
    );
  });

  it('connects again when the server dropped it (a role change), so the handshake proves the new role', async () => {
    await openOperatorSocket('tok');
    fake.handlers.get('disconnect')?.('io server disconnect');
    expect(fake.socket.connect).toHaveBeenCalledTimes(1);
  });

  it('leaves the rest to socket.io: its own reconnection, or a disconnect the app asked for', async () => {
    await openOperatorSocket('tok');
    fake.handlers.get('disconnect')?.('transport close');
    fake.handlers.get('disconnect')?.('io client disconnect');
    expect(fake.socket.connect).not.toHaveBeenCalled();
  });
});
