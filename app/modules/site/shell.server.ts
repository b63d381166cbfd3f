import { getEnv } from "~/lib/env.server";

export interface ShellUser {
  fullName: string | null;
  email: string;
  role: string;
}

/** What every page needs: the signed-in person (none until accounts are wired) and shop settings. */
export async function getShellData(
  _request: Request,
): Promise<{ user: ShellUser | null; supportEmail: string; origin: string }> {
  const env = getEnv();
  return { user: null, supportEmail: env.SUPPORT_EMAIL, origin: env.PUBLIC_URL };
}
