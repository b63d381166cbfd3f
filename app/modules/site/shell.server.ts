import { getEnv } from "~/lib/env.server";
import { isDataSaverRequest } from "~/lib/data-saver";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { offersSwahili } from "~/lib/locale";
import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "~/modules/access/viewer.server";
import { ACCOUNT_ERRORS } from "~/modules/accounts/account-errors";
import { isAppError } from "~/lib/app-error";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { googleConfigured } from "~/modules/accounts/auth.server";
import { takeFlash, type Flash } from "./flash.server";
import { offlineKey } from "~/modules/offline/offline-key.server";
import { offlineSessionCookie } from "~/modules/offline/offline-session.server";
import { shellCountry, type ShellCountry } from "~/modules/pricing/shell-country.server";
import { personalToken, renderingTemplate } from "~/lib/shared-render.server";

export interface ShellData {
  /** offlineKey: the name of her offline library's cache on a device (ADR 033). */
  user: (Pick<SessionUser, "fullName" | "email" | "role"> & { offlineKey: string; initial?: string }) | null;
  supportEmail: string;
  origin: string;
  googleEnabled: boolean;
  flash: Flash | null;
  /** The country whose prices the visitor sees (the countries to choose from are on /country only). */
  country: ShellCountry;
  /** Pages without scripts, pictures and video on tap (lib/data-saver.ts). */
  dataSaver: boolean;
  /**
   * Present (true) only when this response offers her the Swahili page (lib/locale.ts offersSwahili): such a response
   * is personal, and every other one carries no trace of the field.
   */
  offerSwahili?: true;
}

/** What every page needs: the signed-in person, a one-time message and shop settings. */
export async function getShellData({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<{ shell: ShellData; headers: Headers }> {
  const env = getEnv();
  const headers = new Headers();
  // A page rendered once for an access level (ADR 049): her name, address and offline key are tokens the server fills
  // in for each request, which also answers her flash and her offline cookie itself (a page with a flash is never one).
  const template = renderingTemplate();
  const taken = template ? { flash: null, clear: null } : await takeFlash(request);
  let flash = taken.flash;
  if (taken.clear) headers.append("Set-Cookie", taken.clear);
  const country = shellCountry(request);
  let user: SessionUser | null = null;
  try {
    user = await getOptionalUser(context);
  } catch (error) {
    if (!isAppError(error, ACCOUNT_ERRORS.PROFILE_TIMEOUT)) throw error;
    flash = { kind: "error", title: error.payload.title, message: error.message };
  }
  const offerSwahili =
    offersSwahili(new URL(request.url).pathname, {
      acceptLanguage: request.headers.get("accept-language"),
      cookie: request.headers.get("cookie"),
    }) || undefined;
  // The offer is for her alone: never kept by a shared cache (the guest page cache does not take it either).
  if (offerSwahili) headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  const offlineSession = template ? null : await offlineSessionCookie(request, user !== null);
  if (offlineSession) headers.append("Set-Cookie", offlineSession);
  return {
    shell: {
      user: user
        ? template
          ? {
              fullName: personalToken("name"),
              email: personalToken("email"),
              role: user.role,
              offlineKey: personalToken("owner"),
              initial: personalToken("initial"),
            }
          : { fullName: user.fullName, email: user.email, role: user.role, offlineKey: offlineKey(user.id) }
        : null,
      supportEmail: env.SUPPORT_EMAIL,
      origin: env.PUBLIC_URL,
      googleEnabled: googleConfigured(env),
      flash,
      country: await country,
      dataSaver: isDataSaverRequest(request),
      ...(offerSwahili ? { offerSwahili } : {}),
    },
    headers,
  };
}
