/** How long a player has waited, in the largest two units that matter to an agent. */
export function waitParts(seconds: number): {
  key: 'waitSeconds' | 'waitMinutes' | 'waitHours' | 'waitDays';
  values: Record<string, number>;
} {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return { key: 'waitSeconds', values: { s } };
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return { key: 'waitMinutes', values: { m: minutes } };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: 'waitHours', values: { h: hours, m: minutes % 60 } };
  return { key: 'waitDays', values: { d: Math.floor(hours / 24), h: hours % 24 } };
}

/** A wait this long shows in red: someone should answer now. */
export const LONG_WAIT_SECONDS = 5 * 60;
