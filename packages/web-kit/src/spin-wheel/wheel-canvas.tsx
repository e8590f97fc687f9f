import { useEffect, useRef } from 'react';
import { type DrawWheelOptions, paintWheelCanvas } from './draw';

export interface WheelCanvasProps extends Omit<DrawWheelOptions, 'pixelRatio'> {
  /** Accessible name: the canvas is an image of the wheel. */
  label: string;
  className?: string;
}

/**
 * A wheel drawn at a fixed rotation: the player's Spin screen animates the rotation, the back office's
 * wheel editor shows it as a live preview.
 */
export function WheelCanvas({ label, className, ...draw }: WheelCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { slices, size, rotation, winnerIndex, pointer } = draw;
  useEffect(() => {
    if (ref.current) paintWheelCanvas(ref.current, { slices, size, rotation, winnerIndex, pointer });
  }, [slices, size, rotation, winnerIndex, pointer]);
  return <canvas ref={ref} role="img" aria-label={label} className={className} width={size} height={size} />;
}
