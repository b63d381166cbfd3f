import { useRef, type TouchEvent } from "react";

/**
 * A one-finger swipe on the reader: the touch handlers to spread on the scroller, and `onSwipe` with how far the
 * finger moved across (dx) and down (dy) when it lifts. A touch with more fingers is no swipe.
 */
export function useSwipe(onSwipe: (dx: number, dy: number) => void) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const start = touchStart.current;
      touchStart.current = null;
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      onSwipe(touch.clientX - start.x, touch.clientY - start.y);
    },
  };
}
