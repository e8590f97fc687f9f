/**
 * Which of someone's sessions (a player's or an operator's) just ended: the one session `tokenHash`
 * (a logout), every session but `keepTokenHash` (a password change keeps the device that made it), or,
 * with neither, all of them (a suspension, a disable, a reset).
 */
export interface EndedSessions {
  tokenHash?: string | undefined;
  keepTokenHash?: string | undefined;
}

/**
 * Told once the end of sessions is committed, with whose they were, so whatever still serves them
 * (open sockets, realtime.ts) stops at once, on every instance.
 */
export type SessionsEnded = (holderId: string, which?: EndedSessions) => void;
