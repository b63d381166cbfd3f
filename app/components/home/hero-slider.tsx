import { useEffect, useRef, useState } from "react";
import { useT } from "~/lib/i18n/use-t";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ResponsiveImageData } from "~/modules/storage/responsive-image";
import { useIslands } from "~/components/islands";
import { langOf, type HomeWordsLanguage } from "~/modules/home/home-words";

/** A slide in the page's language (modules/home/home-words.ts chose its words and links). */
export interface HeroSlide extends HomeWordsLanguage {
  title: string;
  subtitle: string | null;
  imageUrl: string | null;
  image?: ResponsiveImageData | null;
  primaryButtonText: string | null;
  primaryButtonLink: string | null;
  secondaryButtonText: string | null;
  secondaryButtonLink: string | null;
}

export const HERO_INTERVAL_MS = 5000;

function SlideLink({
  href,
  children,
  primary,
  lang,
}: {
  href: string;
  children: React.ReactNode;
  primary: boolean;
  lang: string | undefined;
}) {
  const className = primary ? "btn btn-lg" : "btn-glass";
  // Links beginning with http open in a new tab; others navigate inside the shop.
  if (/^https?:/i.test(href))
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className} lang={lang}>
        {children}
      </a>
    );
  return (
    <Link to={href} className={className} lang={lang}>
      {children}
    </Link>
  );
}

/**
 * Whether the carousel may turn by itself: never for a reader who asked for less motion, nor while she points at it
 * or has focus in it (she is reading or about to tap), nor while nobody can see it: the tab is in the background
 * or the carousel is scrolled off the screen. A turn re-renders the slides and cross-fades two full-width pictures,
 * which kept a phone's main thread busy every 5 s for a carousel nobody was looking at (issue 46).
 */
function useAutoAdvance(ref: React.RefObject<HTMLElement | null>) {
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const [reducedMotion, setReducedMotion] = useState(false);
  const [pageHidden, setPageHidden] = useState(false);
  const [onScreen, setOnScreen] = useState(true);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const onMotion = () => setReducedMotion(query.matches);
    const onVisibility = () => setPageHidden(document.visibilityState === "hidden");
    onMotion();
    onVisibility();
    query.addEventListener("change", onMotion);
    document.addEventListener("visibilitychange", onVisibility);
    // CASE: a browser without IntersectionObserver -> treated as on screen (the visibility rule still holds).
    const observer =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver((entries) => setOnScreen(entries.some((e) => e.isIntersecting)));
    if (observer && ref.current) observer.observe(ref.current);
    return () => {
      query.removeEventListener("change", onMotion);
      document.removeEventListener("visibilitychange", onVisibility);
      observer?.disconnect();
    };
  }, [ref]);

  const hold = {
    onMouseEnter: () => setHeld((h) => ({ ...h, pointer: true })),
    onMouseLeave: () => setHeld((h) => ({ ...h, pointer: false })),
    onFocus: () => setHeld((h) => ({ ...h, focus: true })),
    // Focus moving from one of its buttons to another stays inside: still held.
    onBlur: (event: React.FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
    },
  };
  const running = !held.pointer && !held.focus && !reducedMotion && !pageHidden && onScreen;
  return { running, hold };
}

export function HeroSlider({ slides }: { slides: HeroSlide[] }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const carousel = useRef<HTMLElement>(null);
  const { running, hold } = useAutoAdvance(carousel);
  // Slides after the first are hidden until the carousel turns, which takes JavaScript: the server leaves them out
  // of the HTML (issue 14: about 1 KB each) and the browser adds them once the page is hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // An islands page (ADR 045) has no hydration: the later slides come as templates, which the page's script puts in
  // place once the page has loaded, and it turns the carousel.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const count = slides.length;

  useEffect(() => {
    if (!running || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, count]);

  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);
  // Slides can be removed while the page is open (live refresh): never point past the end.
  const shown = index % count;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.slides")}
      data-testid="hero"
      data-index={shown}
      ref={carousel}
      {...hold}
      className="relative overflow-hidden bg-gray-900"
    >
      <div className="relative h-[21rem] sm:h-[30rem]" data-slides="">
        {slides.map((slide, i) => {
          if (i > 0 && !hydrated && !(import.meta.env.SSR && islands)) return null;
          const shownSlide = (
            <div
              // By position: a slide is drawn from its fields alone, and live refresh re-renders the list.
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.slideOf", { n: String(i + 1), count: String(count) })}
              aria-hidden={i !== shown}
              inert={i !== shown}
              className={`slide ${i === shown ? "opacity-100" : "opacity-0"}`}
            >
              {slide.imageUrl ? (
                <ResponsiveImage
                  image={slide.image}
                  src={slide.imageUrl}
                  alt=""
                  width={1200}
                  height={675}
                  sizes="100vw"
                  priority={i === 0}
                  className="slide-img"
                />
              ) : null}
              <div className="slide-shade" />
              <div className="slide-text">
                {/* Every slide's title is an h2: the page's one h1 is outside the slides (routes/home.tsx), so it is
                    still there when the first slide is hidden (axe page-has-heading-one, issue 46). */}
                <h2 className="slide-title" lang={langOf(slide, "title")}>
                  {slide.title}
                </h2>
                {slide.subtitle ? (
                  <p className="slide-sub" lang={langOf(slide, "subtitle")}>
                    {slide.subtitle}
                  </p>
                ) : null}
                <div className="slide-acts">
                  {slide.primaryButtonText && slide.primaryButtonLink ? (
                    <SlideLink href={slide.primaryButtonLink} primary lang={langOf(slide, "primaryButtonText")}>
                      {slide.primaryButtonText}
                    </SlideLink>
                  ) : null}
                  {slide.secondaryButtonText && slide.secondaryButtonLink ? (
                    <SlideLink
                      href={slide.secondaryButtonLink}
                      primary={false}
                      lang={langOf(slide, "secondaryButtonText")}
                    >
                      {slide.secondaryButtonText}
                    </SlideLink>
                  ) : null}
                </div>
              </div>
            </div>
          );
          return i > 0 && import.meta.env.SSR && islands ? (
            <template key={i} data-slide="">
              {shownSlide}
            </template>
          ) : (
            shownSlide
          );
        })}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            aria-label={t("home.previousSlide")}
            data-slide-prev=""
            onClick={() => go(shown - 1)}
            className="slide-btn left-2"
          >
            <ChevronLeft aria-hidden="true" />
          </button>
          <button
            type="button"
            aria-label={t("home.nextSlide")}
            data-slide-next=""
            onClick={() => go(shown + 1)}
            className="slide-btn right-2"
          >
            <ChevronRight aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-label={t("home.goToSlide", { n: String(i + 1) })}
                aria-current={i === shown}
                data-slide-to={i}
                onClick={() => go(i)}
                className="dot"
              >
                <span />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
