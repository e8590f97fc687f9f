/** An item's age in the largest two units that matter to someone clearing a queue. */
export function ageParts(seconds: number): {
  key: 'ageMinutes' | 'ageHours' | 'ageDays';
  values: Record<string, number>;
} {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { key: 'ageMinutes', values: { m: minutes } };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: 'ageHours', values: { h: hours, m: minutes % 60 } };
  return { key: 'ageDays', values: { d: Math.floor(hours / 24), h: hours % 24 } };
}
