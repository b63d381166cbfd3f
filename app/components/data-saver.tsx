import { createContext, useContext } from "react";

/** True while the page is rendered for data saver (root Layout provides it from the shell data). */
export const DataSaverContext = createContext(false);

export function useDataSaver(): boolean {
  return useContext(DataSaverContext);
}

/**
 * The data saver switch: a plain form post (it works without JavaScript, which data-saver pages do not have), back
 * to the page it was on.
 */
export function DataSaverSwitch({
  on,
  returnTo,
  className,
  buttonClassName = "foot-link underline",
}: {
  on: boolean;
  returnTo: string;
  className?: string;
  buttonClassName?: string;
}) {
  return (
    <form method="post" action="/data-saver" className={className}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      <input type="hidden" name="dataSaver" value={on ? "off" : "on"} />
      <button type="submit" className={buttonClassName} aria-pressed={on}>
        {on ? "Data saver is on: turn off" : "Data saver: use less data"}
      </button>
    </form>
  );
}
