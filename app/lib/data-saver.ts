// Data saver (issue 32): pages sent without JavaScript, pictures only when tapped, video only when tapped, a short
// home page. A reader turns it on or off with the switch (a cookie, no account needed); without a choice of hers, a
// browser that asks to save data (the Save-Data: on header, Chrome's Lite setting) gets it. Her own choice wins both
// ways. Read by the pages (the shell) and by the guest page cache, which keeps the two kinds of page apart.
import { cookieValue, preferenceCookieHeader } from "./cookie-value";

export const DATA_SAVER_COOKIE = "nuru_data_saver";

/** Whether a request gets data-saver pages: her switch, else the browser's Save-Data header. */
export function wantsDataSaver(cookieHeader: string | null | undefined, saveData: string | null | undefined): boolean {
  const choice = cookieValue(cookieHeader, DATA_SAVER_COOKIE);
  if (choice === "on") return true;
  if (choice === "off") return false;
  return saveData?.trim().toLowerCase() === "on";
}

export function isDataSaverRequest(request: Request): boolean {
  return wantsDataSaver(request.headers.get("Cookie"), request.headers.get("Save-Data"));
}

/** Set-Cookie for her choice: a year, the whole site (a preference only; it grants nothing). */
export function dataSaverCookieHeader(on: boolean, secure: boolean): string {
  return preferenceCookieHeader(DATA_SAVER_COOKIE, on ? "on" : "off", secure);
}
