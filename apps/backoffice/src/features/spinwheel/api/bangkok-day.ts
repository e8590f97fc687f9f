/** Business days are Bangkok days (DESIGN §2), whatever the operator's computer says: a day's first instant. */
export function bangkokMidnight(day: string, addDays = 0): string {
  const instant = new Date(`${day}T00:00:00.000+07:00`);
  instant.setUTCDate(instant.getUTCDate() + addDays);
  return instant.toISOString();
}

/** A from–to pair of Bangkok days as the server's instants: from inclusive, to the day after the last (exclusive). */
export function dayRange(query: URLSearchParams, from: string, to: string): void {
  if (from) query.set('from', bangkokMidnight(from));
  if (to) query.set('to', bangkokMidnight(to, 1));
}
