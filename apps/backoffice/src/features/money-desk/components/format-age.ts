/** An item's age in the largest two units that matter to someone clearing a queue. */
export function ageParts(seconds: number): {
  key: 'ageUnderMinute' | 'ageMinutes' | 'ageHours' | 'ageDays';
  values: Record<string, number>;
} {
  const minutes = Math.floor(seconds / 60);
  // "0 min" reads as never having waited; an item that arrived seconds ago says so.
  if (minutes < 1) return { key: 'ageUnderMinute', values: {} };
  if (minutes < 60) return { key: 'ageMinutes', values: { m: minutes } };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: 'ageHours', values: { h: hours, m: minutes % 60 } };
  return { key: 'ageDays', values: { d: Math.floor(hours / 24), h: hours % 24 } };
}
