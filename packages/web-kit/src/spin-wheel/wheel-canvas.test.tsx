import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WheelCanvas } from './wheel-canvas';

const slices = [
  { label: 'A', bgColor: '#ff0000', textColor: '#ffffff' },
  { label: 'B', bgColor: '#00ff00', textColor: '#000000' },
];

describe('WheelCanvas', () => {
  it('is an image of the wheel, sized in CSS pixels, and paints again when the slices change', () => {
    const fills: string[] = [];
    const ctx = new Proxy(
      {
        fill() {
          fills.push(String(ctx.fillStyle));
        },
        measureText: (text: string) => ({ width: text.length * 8 }),
      } as Record<string, unknown>,
      { get: (target, key) => (key in target ? target[key as string] : () => {}) },
    ) as unknown as CanvasRenderingContext2D & Record<string, unknown>;
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    const { getByRole, rerender } = render(<WheelCanvas label="Preview" slices={slices} size={200} rotation={0} />);
    const canvas = getByRole('img', { name: 'Preview' }) as HTMLCanvasElement;
    expect(canvas.style.width).toBe('200px');
    expect(fills).toContain('#ff0000');
    rerender(
      <WheelCanvas
        label="Preview"
        slices={[...slices, { label: 'C', bgColor: '#0000ff', textColor: '#fff' }]}
        size={200}
        rotation={0}
      />,
    );
    expect(fills).toContain('#0000ff');
    getContext.mockRestore();
  });
});
