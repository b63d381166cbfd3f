import { ArrowUp } from "~/components/ui/icons";
import { SCROLL_TOP_BUTTON_AFTER_PX, useScroll } from "./use-scroll-y";

export function ScrollToTopButton() {
  const { y } = useScroll();
  if (y <= SCROLL_TOP_BUTTON_AFTER_PX) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() =>
        window.scrollTo({
          top: 0,
          behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
        })
      }
      className="fixed right-4 bottom-20 z-40 flex h-11 w-11 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 md:bottom-6"
    >
      <ArrowUp aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
