import { useEffect, useState } from "react";

/**
 * True once the element comes within about a screen of the viewport, so code for the bottom of a page loads
 * when the reader gets there. False on the server and in the first client render, so hydration matches.
 * Returns a callback ref: the element may appear later (after signing in, for example).
 */
export function useNearViewport<T extends Element>() {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: "800px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near] as const;
}
