/** The Homepage admin screen's tabs; the featured ad opens first (spec). */
export const HOMEPAGE_TABS = [
  { id: "hero", label: "Hero Slides" },
  { id: "ad", label: "Featured Ad" },
  { id: "testimonials", label: "Testimonials" },
] as const;

export type HomepageTab = (typeof HOMEPAGE_TABS)[number]["id"];

export function homepageTab(value: string | null): HomepageTab {
  return HOMEPAGE_TABS.find((t) => t.id === value)?.id ?? "ad";
}
