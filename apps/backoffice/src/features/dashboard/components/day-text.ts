/** A Bangkok calendar day (YYYY-MM-DD, as the server names it) as the back office writes dates: DD/MM/YYYY. */
export function dayText(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The same day short, for a chart axis: DD/MM. */
export function shortDayText(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}/${month}`;
}
