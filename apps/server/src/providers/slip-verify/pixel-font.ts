/**
 * A classic 5×7 pixel font (digits, capitals and a few signs), so the sandbox can print text on a
 * slip image without a font file or a canvas library. Each glyph is five columns, bit 0 at the top.
 */
const GLYPHS: Record<string, string> = {
  ' ': '0000000000',
  ',': '0050300000',
  '-': '0808080808',
  '.': '0060600000',
  '/': '2010080402',
  ':': '0036360000',
  '0': '3E5149453E',
  '1': '00427F4000',
  '2': '4261514946',
  '3': '2141454B31',
  '4': '1814127F10',
  '5': '2745454539',
  '6': '3C4A494930',
  '7': '0171090503',
  '8': '3649494936',
  '9': '064949291E',
  A: '7E1111117E',
  B: '7F49494936',
  C: '3E41414122',
  D: '7F4141221C',
  E: '7F49494941',
  F: '7F09090101',
  G: '3E4149497A',
  H: '7F0808087F',
  I: '00417F4100',
  J: '2040413F01',
  K: '7F08142241',
  L: '7F40404040',
  M: '7F0204027F',
  N: '7F0408107F',
  O: '3E4141413E',
  P: '7F09090906',
  Q: '3E4151215E',
  R: '7F09192946',
  S: '4649494931',
  T: '01017F0101',
  U: '3F4040403F',
  V: '1F2040201F',
  W: '7F2018207F',
  X: '6314081463',
  Y: '0304780403',
  Z: '6151494543',
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;
/** Columns per character including the one-column gap. */
export const GLYPH_ADVANCE = GLYPH_WIDTH + 1;

/** The five column bitmaps of a character; unknown characters print as a blank. */
export function glyphColumns(char: string): number[] {
  const hex = GLYPHS[char.toUpperCase()] ?? GLYPHS[' '] ?? '';
  const columns: number[] = [];
  for (let i = 0; i < GLYPH_WIDTH; i++) columns.push(Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
  return columns;
}

/** Width in pixels of a text at a scale. */
export function textWidth(text: string, scale: number): number {
  return text.length === 0 ? 0 : (text.length * GLYPH_ADVANCE - 1) * scale;
}
