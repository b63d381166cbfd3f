import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ResponsiveImageData } from "~/modules/storage/responsive-image";

export interface HeroSlide {
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

function SlideLink({ href, children, primary }: { href: string; children: React.ReactNode; primary: boolean }) {
  const className = primary ? "btn btn-lg" : "btn-glass";
  // Links beginning with http open in a new tab; others navigate inside the shop.
  if (/^https?:/i.test(href))
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

export function HeroSlider({ slides }: { slides: HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  // Slides after the first are hidden until the carousel turns, which takes JavaScript: the server leaves them out
  // of the HTML (issue 14: about 1 KB each) and the browser adds them once the page is hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const count = slides.length;

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (paused || reducedMotion || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, reducedMotion, count]);

  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);
  // Slides can be removed while the page is open (live refresh): never point past the end.
  const shown = index % count;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-testid="hero"
      data-index={shown}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className="relative overflow-hidden bg-gray-900"
    >
      <div className="relative h-[26rem] sm:h-[30rem]">
        {slides.map((slide, i) =>
          i > 0 && !hydrated ? null : (
            <div
              // By position: a slide is drawn from its fields alone, and live refresh re-renders the list.
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
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
                {i === 0 ? (
                  <h1 className="slide-title">{slide.title}</h1>
                ) : (
                  <h2 className="slide-title">{slide.title}</h2>
                )}
                {slide.subtitle ? <p className="slide-sub">{slide.subtitle}</p> : null}
                <div className="slide-acts">
                  {slide.primaryButtonText && slide.primaryButtonLink ? (
                    <SlideLink href={slide.primaryButtonLink} primary>
                      {slide.primaryButtonText}
                    </SlideLink>
                  ) : null}
                  {slide.secondaryButtonText && slide.secondaryButtonLink ? (
                    <SlideLink href={slide.secondaryButtonLink} primary={false}>
                      {slide.secondaryButtonText}
                    </SlideLink>
                  ) : null}
                </div>
              </div>
            </div>
          ),
        )}
      </div>
      {count > 1 ? (
        <>
          <button type="button" aria-label="Previous slide" onClick={() => go(shown - 1)} className="slide-btn left-2">
            <ChevronLeft aria-hidden="true" />
          </button>
          <button type="button" aria-label="Next slide" onClick={() => go(shown + 1)} className="slide-btn right-2">
            <ChevronRight aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === shown}
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
