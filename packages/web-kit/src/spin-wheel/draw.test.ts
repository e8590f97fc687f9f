import { describe, expect, it } from 'vitest';
import { drawWheel, fitLabel, LOSING_OVERLAY, type WheelContext } from './draw';

/** Records what the wheel paints: each fill with the style in force. */
function recorder() {
  const fills: string[] = [];
  const texts: { text: string; fillStyle: string }[] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    setTransform() {},
    clearRect() {},
    save() {},
    restore() {},
    beginPath() {},
    closePath() {},
    moveTo() {},
    lineTo() {},
    arc() {},
    stroke() {},
    translate() {},
    rotate() {},
    fill() {
      fills.push(String(ctx.fillStyle));
    },
    fillText(text: string) {
      texts.push({ text, fillStyle: String(ctx.fillStyle) });
    },
    measureText(text: string) {
      return { width: Array.from(text).length * 8 } as TextMetrics;
    },
  };
  return { ctx: ctx as unknown as WheelContext, fills, texts };
}

const slices = [
  { label: '100 ฿', bgColor: '#ef4444', textColor: '#ffffff' },
  { label: 'เหรียญ 2', bgColor: '#22c55e', textColor: '#000000' },
  { label: 'ເສື້ອ', bgColor: '#3b82f6', textColor: '#ffffff' },
];

describe('drawWheel', () => {
  it('paints every slice in its colour with its label in its text colour, no darkening before a result', () => {
    const { ctx, fills, texts } = recorder();
    drawWheel(ctx, { slices, size: 300, rotation: 0 });
    expect(fills).toEqual(expect.arrayContaining(['#ef4444', '#22c55e', '#3b82f6']));
    expect(fills).not.toContain(LOSING_OVERLAY);
    expect(texts).toEqual([
      { text: '100 ฿', fillStyle: '#ffffff' },
      { text: 'เหรียญ 2', fillStyle: '#000000' },
      { text: 'ເສື້ອ', fillStyle: '#ffffff' },
    ]);
  });

  it('darkens every slice but the winner to 25% brightness', () => {
    const { ctx, fills } = recorder();
    drawWheel(ctx, { slices, size: 300, rotation: 1, winnerIndex: 1 });
    expect(LOSING_OVERLAY).toBe('rgba(0, 0, 0, 0.75)');
    expect(fills.filter((fill) => fill === LOSING_OVERLAY)).toHaveLength(2);
    // The overlay follows the slice it darkens: after red and after blue, not after green.
    const after = (colour: string) => fills[fills.indexOf(colour) + 1];
    expect(after('#ef4444')).toBe(LOSING_OVERLAY);
    expect(after('#22c55e')).not.toBe(LOSING_OVERLAY);
    expect(after('#3b82f6')).toBe(LOSING_OVERLAY);
  });

  it('cuts a label too long for its slice with an ellipsis', () => {
    const { ctx } = recorder();
    expect(fitLabel(ctx, 'short', 80)).toBe('short');
    expect(fitLabel(ctx, 'a very long prize label', 80)).toBe('a very lo…');
  });
});
