import { useEffect, useRef, useState } from "react";

export const SHADOW_AFTER_PX = 50;
export const HIDE_HEADER_AFTER_PX = 100;
export const SCROLL_TOP_BUTTON_AFTER_PX = 300;
export const MOBILE_BREAKPOINT_PX = 768;

/** Scroll position and direction, updated at most once per animation frame. */
export function useScroll() {
  const [state, setState] = useState({ y: 0, direction: "up" as "up" | "down" });
  const last = useRef(0);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      const y = window.scrollY;
      const direction = y > last.current ? "down" : y < last.current ? "up" : undefined;
      last.current = y;
      setState((prev) => ({ y, direction: direction ?? prev.direction }));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}

export function useIsMobile() {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return mobile;
}
