// Raw HTTP as an attacker (or a script) sends it: no browser, any header, any body. The end-to-end app trusts
// X-Forwarded-For (TRUST_PROXY=true, as behind a CDN), so each test can act from client addresses of its own.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { baseUrl } from "./pages";

export const FORM = "application/x-www-form-urlencoded";

/** A client address no other test uses. */
export function freshAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c || 1}`;
}

/** An e-mail address no other test uses. */
export function freshEmail(name: string): string {
  return `${name}-${randomBytes(4).toString("hex")}@nuru.test`;
}

export interface RawOptions {
  method?: string;
  from?: string;
  cookie?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request, redirects not followed, from the given client address (with the shop's Origin on writes). */
export async function raw(path: string, { method = "GET", from, cookie, headers = {}, body }: RawOptions = {}) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(method !== "GET" && method !== "HEAD" ? { Origin: baseUrl() } : {}),
      ...(from ? { "X-Forwarded-For": from } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body,
  });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Posts a form to a route's action. */
export function postForm(path: string, fields: Record<string, string>, options: Omit<RawOptions, "body"> = {}) {
  return raw(path, {
    ...options,
    method: "POST",
    headers: { "Content-Type": FORM, ...options.headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A sign-in through the shop's form, as the sign-in page and dialog post it. */
export function trySignIn(email: string, password: string, from: string) {
  return postForm("/signin", { intent: "signin", email, password }, { from });
}

/** What the sign-in form answered: signed in, wrong password, or refused for too many attempts. */
export function signInOutcome(res: { status: number; body: string }): "signed-in" | "wrong" | "limited" | "other" {
  if (res.status === 302) return "signed-in";
  if (res.status === 429) return "limited";
  if (res.status === 400 && res.body.includes("Invalid email or password.")) return "wrong";
  return "other";
}

/** A response must never be a crash: no 5xx, no stack trace. */
export function expectNoCrash(res: { status: number; body: string }, what: string): void {
  if (res.status >= 500) throw new Error(`${what} answered ${res.status}: ${res.body.slice(0, 300)}`);
  if (/\bat [\w.<>]+ \(.*:\d+:\d+\)/.test(res.body)) throw new Error(`${what} shows a stack trace`);
}

/**
 * One request over node:http, for headers fetch() will not send as given (it sets Sec-Fetch-Mode itself and
 * refuses some Referer values).
 */
export function rawHttp(
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; location: string | null; body: string; headers: http.IncomingHttpHeaders }> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: { Origin: baseUrl(), ...headers, ...(body ? { "Content-Length": Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            body: text,
            headers: res.headers,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A confirmed account of its own: signed up through the form, confirmed with its password via the dev outbox. */
export async function newReader(password = "right-pass-1", fullName = "Test Reader"): Promise<string> {
  const email = freshEmail("reader");
  await postForm(
    "/signin",
    { intent: "signup", fullName, email, password, confirmPassword: password },
    { from: freshAddress() },
  );
  const outbox = await raw("/dev/mail");
  const escaped = email.replace(/[.+]/g, "\\$&");
  const link = new RegExp(`${escaped}[\\s\\S]*?(/confirm-email\\?token=[\\w%-]+)`).exec(outbox.body)?.[1];
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  const token = new URL(link, baseUrl()).searchParams.get("token") ?? "";
  const confirmed = await postForm("/confirm-email", { token, password }, { from: freshAddress() });
  if (confirmed.headers.get("location") !== "/home") throw new Error(`could not confirm ${email}: ${confirmed.status}`);
  return email;
}
