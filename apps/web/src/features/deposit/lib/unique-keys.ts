/**
 * Test ids for a list keyed by a code that may repeat (two accounts at the same bank): the first keeps
 * the plain code, later ones get -2, -3….
 */
export function uniqueKeys(codes: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return codes.map((code) => {
    const count = (seen.get(code) ?? 0) + 1;
    seen.set(code, count);
    return count === 1 ? code : `${code}-${count}`;
  });
}
