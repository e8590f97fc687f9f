import { SPIN_WHEEL } from '@wallet/contract/constants';
import { sliceAngle } from './geometry';

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
}

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
  const fontPx = Math.max(10, Math.min(18, Math.round((size / 350) * (slices.length > 10 ? 13 : 16))));
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

    ctx.save();
    ctx.translate(centre, centre);
    ctx.rotate(start + s / 2);
    ctx.fillStyle = slice.textColor;
    ctx.font = `600 ${fontPx}px system-ui, "Noto Sans Thai", "Noto Sans Lao", sans-serif`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    // Labels run along the radius, from the rim inwards, clear of the centre button.
    const maxWidth = radius * 0.62;
    ctx.fillText(fitLabel(ctx, slice.label, maxWidth), radius - fontPx * 0.9, 0);
    ctx.restore();

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
export function fitLabel(ctx: Pick<CanvasRenderingContext2D, 'measureText'>, label: string, maxWidth: number): string {
  if (ctx.measureText(label).width <= maxWidth) return label;
  const chars = Array.from(label);
  while (chars.length > 1) {
    chars.pop();
    const candidate = `${chars.join('')}…`;
    if (ctx.measureText(candidate).width <= maxWidth) return candidate;
  }
  return '…';
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
