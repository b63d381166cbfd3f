/**
 * A one-finger swipe on `element`: `onSwipe` gets how far the finger moved across (dx) and down (dy) when it lifts. A
 * touch with more fingers is no swipe. The page still scrolls as usual (passive listeners).
 */
export function watchSwipes(element: HTMLElement, onSwipe: (dx: number, dy: number) => void) {
  let start: { x: number; y: number } | null = null;
  element.addEventListener(
    "touchstart",
    (event) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    { passive: true },
  );
  element.addEventListener(
    "touchend",
    (event) => {
      const from = start;
      start = null;
      const touch = event.changedTouches[0];
      if (from && touch) onSwipe(touch.clientX - from.x, touch.clientY - from.y);
    },
    { passive: true },
  );
}
