import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";
import { plainLinkClick } from "~/lib/plain-link-click";

/**
 * A link to one of the shop's pages that costs what an `<a>` costs to render. React Router's `<Link>` runs about ten
 * hooks and resolves its path twice on every render, on the server and again in hydration: on a signed-in home page
 * of 25 cards that was about a tenth of what the server allocated per page. `usePageLinkNavigation` (root) turns a
 * plain click on one into a client-side navigation, as `<Link>` would; `data-discover` is the attribute React
 * Router's route discovery looks for in the page, as it does for `<Link>`'s. Only for addresses of pages (a download
 * or a feed needs `<a>` or `<Link reloadDocument>`).
 */
export function PageLink({ to, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a href={to} data-discover="true" {...rest} />;
}

/** The one click handler behind every `PageLink` of the page. */
export function usePageLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      // React Router's own links and the sign-in dialog's handler have taken their clicks by now.
      const url = plainLinkClick(event, "a[data-discover]");
      if (!url) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    }
    // Bubbling on window: after React's handlers (on the document) have had the click.
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, [navigate]);
}
