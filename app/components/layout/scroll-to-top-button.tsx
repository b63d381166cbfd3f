import { ArrowUp } from "~/components/ui/icons";
import { SCROLL_TOP_BUTTON_AFTER_PX, useScroll } from "./use-scroll-y";
import { useIslands } from "~/components/islands";
import { useT } from "~/lib/i18n/use-t";

/**
 * Desktop only (issue 46, item 17): on a phone a floating button sits over the article's text and the buy buttons
 * ("Purchase KSh 299.00", "Get Started") whatever the corner, and the bottom bar is already one thumb away; the
 * browser's own tap on the status bar scrolls to the top there.
 */
export function ScrollToTopButton() {
  const { y } = useScroll();
  const t = useT();
  // An islands page (ADR 045): in the page, hidden, for its script to show once she has scrolled.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  if (y <= SCROLL_TOP_BUTTON_AFTER_PX && !(import.meta.env.SSR && islands)) return null;
  return (
    <button
      type="button"
      {...(import.meta.env.SSR && islands ? { hidden: true, "data-scroll-top": "" } : null)}
      aria-label={t("nav.scrollTop")}
      onClick={() =>
        window.scrollTo({
          top: 0,
          behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
        })
      }
      className="fixed right-4 bottom-6 z-40 hidden h-11 w-11 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 md:flex"
    >
      <ArrowUp aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
