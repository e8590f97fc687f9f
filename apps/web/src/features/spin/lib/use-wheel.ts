import { RESIZE_DEBOUNCE_MS } from '@wallet/contract/constants';
import type { SpinSlice } from '@wallet/contract/spinwheel';
import { paintWheelCanvas } from '@wallet/web-kit/spin-wheel/draw';
import { planSpin, rotationAt, wheelSizePx } from '@wallet/web-kit/spin-wheel/geometry';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** True when the player asked the system for less motion: the wheel then jumps to its result. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The wheel's edge in CSS pixels, following the window's width (SPEC §2: min(350 px, 85% of the width)),
 * 500 ms after the last resize (SPEC §9): a rotating phone or a dragged window repaints the wheel once.
 */
export function useWheelSize(): number {
  const [size, setSize] = useState(() => wheelSizePx(window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSize(wheelSizePx(window.innerWidth)), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return size;
}

export interface WheelState {
  rotation: number;
  winnerIndex: number | null;
}

/**
 * Paints the wheel on a canvas and turns it. spinTo(index) runs one spin (SPEC §4: friction easing, 3–5
 * extra turns) and resolves when the wheel has stopped on that slice, with every other slice darkened;
 * under prefers-reduced-motion it lands at once. Frames go straight to the canvas, not through React.
 */
export function useWheel(canvas: RefObject<HTMLCanvasElement | null>, slices: readonly SpinSlice[], size: number) {
  const state = useRef<WheelState>({ rotation: 0, winnerIndex: null });
  const frame = useRef<number | null>(null);
  // The landed state React renders (data attributes the tests and screen readers read).
  const [landed, setLanded] = useState<WheelState>(state.current);

  const paint = useCallback(() => {
    if (!canvas.current) return;
    paintWheelCanvas(canvas.current, {
      slices,
      size,
      rotation: state.current.rotation,
      winnerIndex: state.current.winnerIndex,
    });
  }, [canvas, slices, size]);

  useEffect(() => {
    paint();
  }, [paint]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const spinTo = useCallback(
    (index: number): Promise<void> => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      const plan = planSpin({ from: state.current.rotation, index, sliceCount: slices.length });
      state.current = { rotation: state.current.rotation, winnerIndex: null };
      const land = () => {
        frame.current = null;
        state.current = { rotation: plan.to, winnerIndex: index };
        paint();
        setLanded(state.current);
      };
      if (prefersReducedMotion()) {
        land();
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        let start: number | null = null;
        const step = (now: number) => {
          start ??= now;
          const elapsed = now - start;
          if (elapsed >= plan.durationMs) {
            land();
            resolve();
            return;
          }
          state.current = { rotation: rotationAt(elapsed, plan), winnerIndex: null };
          paint();
          frame.current = requestAnimationFrame(step);
        };
        frame.current = requestAnimationFrame(step);
      });
    },
    [paint, slices.length],
  );

  /** Back to full colour (after the prize modal closes), keeping the rotation. */
  const clearWinner = useCallback(() => {
    state.current = { rotation: state.current.rotation, winnerIndex: null };
    paint();
    setLanded(state.current);
  }, [paint]);

  return { spinTo, clearWinner, landed };
}
