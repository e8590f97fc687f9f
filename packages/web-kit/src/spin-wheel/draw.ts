import { SPIN_WHEEL } from '@wallet/contract/constants';
import { sliceAngle } from './geometry';
import { ellipsize, layoutLabel } from './label-layout';

/** What the wheel needs of a slice to draw it (the player's SpinSlice and the back office's draft both fit). */
export interface WheelSliceLook {
  label: string;
  bgColor: string;
  textColor: string;
}

export interface DrawWheelOptions {
  slices: readonly WheelSliceLook[];
  /** Edge of the square canvas in CSS pixels. */
  size: number;
  /** Clockwise rotation of the wheel in radians (see geometry.ts). */
  rotation: number;
  /** When set, every other slice is darkened to 25% brightness (SPEC §4 Spin). */
  winnerIndex?: number | null;
  /** devicePixelRatio the canvas backing store was sized with; 1 by default. */
  pixelRatio?: number;
  /** Draw the fixed pointer at the top; true by default. */
  pointer?: boolean;
  /**
   * Radius in CSS pixels of the centre button laid over the wheel, which labels stay clear of; by default
   * the player app's (30% of the wheel, at least 84 px across, plus its 4 px border).
   */
  hubRadius?: number;
}

/** The player app's centre button: 30% of the wheel wide, at least 84 px, inside a 4 px border. */
export function defaultHubRadius(size: number): number {
  return Math.max(size * 0.3, 84) / 2 + 4;
}

const FONT = (px: number) => `600 ${px}px system-ui, "Noto Sans Thai", "Noto Sans Lao", sans-serif`;

/** The subset of CanvasRenderingContext2D the wheel uses (a test can record calls on a fake). */
export type WheelContext = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'save'
  | 'restore'
  | 'beginPath'
  | 'closePath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'fill'
  | 'stroke'
  | 'translate'
  | 'rotate'
  | 'fillText'
  | 'measureText'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
>;

/** Black laid over a losing slice: 1 − 0.25 leaves it at a quarter of its brightness. */
export const LOSING_OVERLAY = `rgba(0, 0, 0, ${1 - SPIN_WHEEL.losingSliceBrightness})`;

const RIM = '#1f2937';
const POINTER = '#f8fafc';

/** Draws the wheel at a rotation: slices with their colours and labels, the rim, and the fixed pointer. */
export function drawWheel(ctx: WheelContext, options: DrawWheelOptions): void {
  const { slices, size, rotation } = options;
  const ratio = options.pixelRatio ?? 1;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, size, size);
  const centre = size / 2;
  const rimWidth = Math.max(3, size * 0.02);
  const radius = centre - rimWidth;

  ctx.beginPath();
  ctx.arc(centre, centre, centre, 0, Math.PI * 2);
  ctx.fillStyle = RIM;
  ctx.fill();
  if (slices.length === 0) return;

  const s = sliceAngle(slices.length);
  // Canvas angle 0 points right; the wheel's angle 0 is the top.
  const base = -Math.PI / 2 + rotation;
  const fontPx = Math.max(11, Math.min(18, Math.round((size / 350) * (slices.length > 10 ? 14 : 16))));
  // Labels run along the radius between the centre button and the rim.
  const band = {
    inner: Math.min(radius * 0.7, (options.hubRadius ?? defaultHubRadius(size)) + 4),
    // Clear of the pointer, which reaches about 5% of the wheel into the top slice.
    outer: radius - Math.max(8, size * 0.045),
    sliceAngle: s,
    fontPx,
    minFontPx: 9,
    font: FONT,
  };
  const winner = options.winnerIndex ?? null;

  slices.forEach((slice, index) => {
    const start = base + index * s;
    const end = start + s;
    ctx.beginPath();
    ctx.moveTo(centre, centre);
    ctx.arc(centre, centre, radius, start, end);
    ctx.closePath();
    ctx.fillStyle = slice.bgColor;
    ctx.fill();
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.35)';
    ctx.lineWidth = 1;
    ctx.stroke();

    drawLabel(ctx, slice, start + s / 2, { x: centre, y: centre }, band);

    if (winner !== null && index !== winner) {
      ctx.beginPath();
      ctx.moveTo(centre, centre);
      ctx.arc(centre, centre, radius, start, end);
      ctx.closePath();
      ctx.fillStyle = LOSING_OVERLAY;
      ctx.fill();
    }
  });

  if (options.pointer ?? true) {
    // Short enough to stay clear of the label under it.
    const half = Math.max(7, size * 0.032);
    ctx.beginPath();
    ctx.moveTo(centre - half, 0);
    ctx.lineTo(centre + half, 0);
    ctx.lineTo(centre, half * 1.7);
    ctx.closePath();
    ctx.fillStyle = POINTER;
    ctx.fill();
    ctx.strokeStyle = RIM;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
}

/** The label cut with an ellipsis to fit maxWidth. */
export const fitLabel = ellipsize;

/**
 * One slice's label, centred in the band between the centre button and the rim, wrapped or scaled to fit
 * (label-layout.ts). A label on the left half of the wheel is turned half a turn more so it reads upright,
 * left to right, instead of upside down.
 */
function drawLabel(
  ctx: WheelContext,
  slice: WheelSliceLook,
  angle: number,
  centre: { x: number; y: number },
  band: Parameters<typeof layoutLabel>[2],
): void {
  ctx.save();
  const layout = layoutLabel(ctx, slice.label, band);
  const flip = Math.cos(angle) < -1e-9;
  ctx.translate(centre.x, centre.y);
  ctx.rotate(flip ? angle + Math.PI : angle);
  ctx.fillStyle = slice.textColor;
  ctx.font = FONT(layout.fontPx);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const mid = ((band.inner + band.outer) / 2) * (flip ? -1 : 1);
  const top = -((layout.lines.length - 1) * layout.lineHeight) / 2;
  layout.lines.forEach((line, row) => {
    ctx.fillText(line, mid, top + row * layout.lineHeight);
  });
  ctx.restore();
}

/**
 * Sizes a canvas for a wheel of `size` CSS pixels on this screen's pixel density and draws it.
 * Returns false when the canvas has no 2D context (a test DOM without canvas support).
 */
export function paintWheelCanvas(canvas: HTMLCanvasElement, options: Omit<DrawWheelOptions, 'pixelRatio'>): boolean {
  const ratio = Math.min(3, Math.max(1, globalThis.devicePixelRatio || 1));
  const backing = Math.round(options.size * ratio);
  if (canvas.width !== backing) canvas.width = backing;
  if (canvas.height !== backing) canvas.height = backing;
  canvas.style.width = `${options.size}px`;
  canvas.style.height = `${options.size}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  drawWheel(ctx, { ...options, pixelRatio: ratio });
  return true;
}
