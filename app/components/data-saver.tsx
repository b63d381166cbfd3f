import { createContext, useContext } from "react";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

/** True while the page is rendered for data saver (root Layout provides it from the shell data). */
export const DataSaverContext = /* @__PURE__ */ createContext(false);

/** Provides the data saver flag to the page (server only: the browser's build renders the children alone). */
export function DataSaverScope({ on, children }: { on: boolean; children: React.ReactNode }) {
  return import.meta.env.SSR ? <DataSaverContext.Provider value={on}>{children}</DataSaverContext.Provider> : children;
}

/**
 * Whether this render is for data saver. Only the server ever renders one: data-saver pages carry no script, so in
 * the browser it is always false, and callers test `import.meta.env.SSR && dataSaver` so that their data-saver
 * branches fall out of the browser's build (the article page's JavaScript budget is 120 KB gzip).
 */
export function useDataSaver(): boolean {
  // A build-time constant: the same branch on every render of a build, so hooks keep their order.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return import.meta.env.SSR ? useContext(DataSaverContext) : false;
}

/**
 * The data saver switch: a plain form post (it works without JavaScript, which data-saver pages do not have). The
 * button carries the choice; without `returnTo` she goes back to the page she was on (its Referer), which keeps the
 * footer's copy on every page short.
 */
export function DataSaverSwitch({
  on,
  returnTo,
  className,
  buttonClassName = "foot-link underline",
}: {
  on: boolean;
  returnTo?: string;
  className?: string;
  buttonClassName?: string;
}) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    // A Swahili page's switch posts to the Swahili address (its refusal is then in Swahili too).
    <form method="post" action={localHref("/data-saver")} className={className}>
      {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
      <button type="submit" name="dataSaver" value={on ? "off" : "on"} className={buttonClassName}>
        {on ? t("dataSaver.turnOff") : t("dataSaver.turnOn")}
      </button>
    </form>
  );
}
