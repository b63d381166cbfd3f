import http from "node:http";
import type { AddressInfo } from "node:net";

export type GooglePerson = { sub: string; email: string; name: string };

export interface OAuthStandIn {
  url: string;
  /** The person the next sign-in returns. */
  setUser(user: GooglePerson): void;
  close(): Promise<void>;
}

/** Who a sign-in returns unless a test chose someone else (POST /person). */
const WANJIKU: GooglePerson = { sub: "google-1001", email: "wanjiku.google@nuru.test", name: "Wanjiku Mwangi" };

/**
 * A minimal OAuth 2.0 provider (authorize, token, userinfo) standing in for Google in tests. A test process chooses
 * the person the next sign-ins return with POST /person (a JSON person; an empty body brings Wanjiku back).
 */
export async function startOAuthStandIn(): Promise<OAuthStandIn> {
  let user = WANJIKU;
  const codes = new Map<string, typeof user>();
  const tokens = new Map<string, typeof user>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    console.error("oauth stand-in", req.method, req.url, req.headers.authorization, req.headers["content-type"]);
    if (url.pathname === "/person" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      user = body ? (JSON.parse(body) as GooglePerson) : WANJIKU;
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === "/authorize") {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.set(code, user);
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (url.pathname === "/token" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const code = new URLSearchParams(body).get("code") ?? "";
      const who = codes.get(code);
      codes.delete(code);
      if (!who) {
        res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "invalid_grant" }));
        return;
      }
      const token = `token-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, who);
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          access_token: token,
          token_type: "Bearer",
          expires_in: 3600,
          scope: "openid email profile",
        }),
      );
      return;
    }
    if (url.pathname === "/userinfo") {
      const who = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!who) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ...who, email_verified: true }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setUser: (u) => {
      user = u;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
