import type { Socket } from 'socket.io-client';

/** Socket test helpers: what a socket heard, and whether the server let it go. */

/** The reason the socket was disconnected, or 'still connected' after `ms`. */
export function disconnection(socket: Socket, ms = 1_500): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** The next `event` whose payload passes `where`. */
export function nextEvent<T>(socket: Socket, event: string, where: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const listener = (payload: T) => {
      if (!where(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Every event the socket hears from now on, as [event, payload]. */
export function recordEvents(socket: Socket): Array<[string, unknown]> {
  const heard: Array<[string, unknown]> = [];
  socket.onAny((event: string, payload: unknown) => heard.push([event, payload]));
  return heard;
}
