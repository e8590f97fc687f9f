/** The part of a canvas context a label layout measures with. */
export type MeasureContext = Pick<CanvasRenderingContext2D, 'measureText' | 'font'>;

export interface LabelBand {
  /** Distance from the centre where the label may start: just outside the centre button. */
  inner: number;
  /** Distance from the centre where the label must end: just inside the rim. */
  outer: number;
  /** The angle one slice spans, in radians: it bounds how many lines fit side by side. */
  sliceAngle: number;
  /** The font size tried first; smaller sizes follow down to minFontPx. */
  fontPx: number;
  minFontPx: number;
  /** Builds the canvas font for a size (weight and families stay as the wheel draws them). */
  font: (px: number) => string;
}

export interface LabelLayout {
  lines: string[];
  fontPx: number;
  lineHeight: number;
}

const LINE_HEIGHT = 1.15;
const MAX_LINES = 2;

/**
 * Fits a slice label into the band between the centre button and the rim: whole on one line if it fits,
 * else wrapped on two lines at a word break (spaces, or Thai/Lao word boundaries, which have no spaces),
 * else both at smaller sizes down to minFontPx. Only a label that fits none of those is cut with an
 * ellipsis, so "ໂບນັດ 10 ບາດ" reads whole on a phone-sized wheel.
 */
export function layoutLabel(ctx: MeasureContext, label: string, band: LabelBand): LabelLayout {
  const length = Math.max(0, band.outer - band.inner);
  // The slice is narrowest at its inner end: the lines stacked side by side must fit the chord there.
  const across = 2 * band.inner * Math.tan(Math.min(band.sliceAngle, Math.PI * 0.9) / 2) * 0.9;
  const breaks = wrapCandidates(label);
  for (let px = band.fontPx; px >= band.minFontPx; px -= 1) {
    ctx.font = band.font(px);
    const lineHeight = Math.round(px * LINE_HEIGHT);
    const fits = (lines: string[]) =>
      lines.length * lineHeight <= Math.max(across, lineHeight) &&
      lines.every((line) => ctx.measureText(line).width <= length);
    if (fits([label])) return { lines: [label], fontPx: px, lineHeight };
    for (const lines of breaks) if (lines.length <= MAX_LINES && fits(lines)) return { lines, fontPx: px, lineHeight };
  }
  const px = band.minFontPx;
  ctx.font = band.font(px);
  const lineHeight = Math.round(px * LINE_HEIGHT);
  const twoLines = lineHeight * 2 <= across;
  const best = twoLines ? breaks[0] : undefined;
  if (best && best.length === 2) {
    return {
      lines: [ellipsize(ctx, best[0] ?? '', length), ellipsize(ctx, best[1] ?? '', length)],
      fontPx: px,
      lineHeight,
    };
  }
  return { lines: [ellipsize(ctx, label, length)], fontPx: px, lineHeight };
}

/** Two-line splits of a label at each word break, the most even first. */
export function wrapCandidates(label: string): string[][] {
  const words = words_(label);
  if (words.length < 2) return [];
  const splits: string[][] = [];
  for (let at = 1; at < words.length; at += 1) {
    const first = words.slice(0, at).join('').trim();
    const second = words.slice(at).join('').trim();
    if (first && second) splits.push([first, second]);
  }
  const total = label.length;
  return splits.sort((a, b) => Math.abs((a[0]?.length ?? 0) * 2 - total) - Math.abs((b[0]?.length ?? 0) * 2 - total));
}

/** The label cut into words with their trailing spaces kept; Thai and Lao split by the browser's dictionary. */
function words_(label: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(/[\u0e80-\u0eff]/.test(label) ? 'lo' : 'th', { granularity: 'word' });
    const pieces: string[] = [];
    for (const { segment, isWordLike } of segmenter.segment(label)) {
      // Spaces and punctuation stay with the word before them, so a line never starts with them.
      if (!isWordLike && pieces.length > 0) pieces[pieces.length - 1] += segment;
      else pieces.push(segment);
    }
    return pieces;
  }
  return label.split(/(?<=\s)/);
}

/** The text cut with an ellipsis to fit maxWidth. */
export function ellipsize(ctx: Pick<CanvasRenderingContext2D, 'measureText'>, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const chars = Array.from(text);
  while (chars.length > 1) {
    chars.pop();
    const candidate = `${chars.join('').trimEnd()}…`;
    if (ctx.measureText(candidate).width <= maxWidth) return candidate;
  }
  return '…';
}
