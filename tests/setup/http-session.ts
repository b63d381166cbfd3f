import { baseUrl } from "./pages";

export const DEMO_PASSWORD = "nuru-demo-2026";

/** Signs in through the real form action and returns the cookie header of the session. */
export async function signInCookie(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl()}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email, password }).toString(),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.find((c) => c.includes("session_token"));
  if (!session) throw new Error(`Sign-in failed for ${email}: ${res.status}`);
  return cookies.filter((c) => !c.startsWith("nuru_flash")).join("; ");
}

export async function getText(path: string, cookie?: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: res.status, body: await res.text() };
}
