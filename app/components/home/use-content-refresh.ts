import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page data when an admin changes articles or categories (server-sent events from
 * /api/content-events). The loaders re-run on the server, so what appears is still gated by the viewer.
 */
export function useContentRefresh() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/content-events");
    const refresh = () => void revalidate();
    source.addEventListener("content-changed", refresh);
    return () => {
      source.removeEventListener("content-changed", refresh);
      source.close();
    };
  }, [revalidate]);
}
