import { createContext, useContext } from "react";

/** True while the page is rendered for data saver (root Layout provides it from the shell data). */
export const DataSaverContext = createContext(false);

export function useDataSaver(): boolean {
  return useContext(DataSaverContext);
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
  return (
    <form method="post" action="/data-saver" className={className}>
      {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
      <button type="submit" name="dataSaver" value={on ? "off" : "on"} className={buttonClassName}>
        {on ? "Data saver is on: turn off" : "Data saver: use less data"}
      </button>
    </form>
  );
}
