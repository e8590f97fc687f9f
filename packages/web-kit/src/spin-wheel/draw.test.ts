import { describe, expect, it } from 'vitest';
import { drawWheel, fitLabel, LOSING_OVERLAY, type WheelContext } from './draw';

/** Records what the wheel paints: each fill with the style in force. */
function recorder() {
  const fills: string[] = [];
  const texts: { text: string; fillStyle: string }[] = [];
  // Where each label line lands: the text's turn on screen and its span along the radius.
  const placed: { text: string; angle: number; from: number; to: number }[] = [];
  let turn = 0;
  const turns: number[] = [];
  const px = () => Number(/(\d+(?:\.\d+)?)px/.exec(String(ctx.font))?.[1] ?? 10);
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    setTransform() {},
    clearRect() {},
    save() {
      turns.push(turn);
    },
    restore() {
      turn = turns.pop() ?? 0;
    },
    beginPath() {},
    closePath() {},
    moveTo() {},
    lineTo() {},
    arc() {},
    stroke() {},
    translate() {},
    rotate(angle: number) {
      turn += angle;
    },
    fill() {
      fills.push(String(ctx.fillStyle));
    },
    fillText(text: string, x: number) {
      texts.push({ text, fillStyle: String(ctx.fillStyle) });
      const width = ctx.measureText(text).width;
      const left = ctx.textAlign === 'center' ? x - width / 2 : ctx.textAlign === 'right' ? x - width : x;
      const ends = [Math.abs(left), Math.abs(left + width)];
      placed.push({ text, angle: turn, from: Math.min(...ends), to: Math.max(...ends) });
    },
    measureText(text: string) {
      // About as wide as a Thai or Lao glyph at the current font size.
      return { width: Array.from(text).length * px() * 0.6 } as TextMetrics;
    },
  };
  return { ctx: ctx as unknown as WheelContext, fills, texts, placed };
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
    expect(fitLabel(ctx, 'a very long prize label', 80)).toBe('a very long…');
  });

  // A phone at 390 px wide: the wheel is 85% of it.
  const phone = 331;
  const hub = Math.max(phone * 0.3, 84) / 2;
  const bonusSlices = [
    'ໂບນັດ 10 ບາດ',
    'โบนัส 10 บาท',
    'Bonus 10 baht',
    'เหรียญ 5 เหรียญ',
    'ໂບນັດ 100 ບາດ',
    'โบนัส 50 บาท',
    'Bonus 50 baht',
    'เสื้อยืด',
  ].map((label, index) => ({ label, bgColor: `#00000${index}`, textColor: '#ffffff' }));

  it('shows every bonus label whole on a phone, wrapped or smaller, never cut', () => {
    const { ctx, placed } = recorder();
    drawWheel(ctx, { slices: bonusSlices, size: phone, rotation: 0 });
    const drawn = placed.map((line) => line.text);
    expect(drawn.join('')).not.toContain('…');
    const squash = (text: string) => text.replace(/\s+/g, '');
    expect(squash(drawn.join(''))).toBe(squash(bonusSlices.map((slice) => slice.label).join('')));
  });

  it('starts every label outside the centre button and ends it inside the rim', () => {
    for (const rotation of [0, 0.7, 2.2]) {
      const { ctx, placed } = recorder();
      drawWheel(ctx, { slices: bonusSlices, size: phone, rotation });
      for (const line of placed) {
        expect(line.from, line.text).toBeGreaterThanOrEqual(hub);
        expect(line.to, line.text).toBeLessThanOrEqual(phone / 2);
      }
    }
  });

  it('draws every label upright: none reads upside down on the left half of the wheel', () => {
    for (const rotation of [0, 0.4, 3]) {
      const { ctx, placed } = recorder();
      drawWheel(ctx, { slices: bonusSlices, size: phone, rotation });
      for (const line of placed) expect(Math.cos(line.angle), line.text).toBeGreaterThanOrEqual(-1e-9);
    }
  });
});
