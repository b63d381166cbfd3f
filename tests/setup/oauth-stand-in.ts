import http from "node:http";
import type { AddressInfo } from "node:net";

export interface OAuthStandIn {
  url: string;
  /** The person the next sign-in returns. */
  setUser(user: { sub: string; email: string; name: string }): void;
  close(): Promise<void>;
}

/** A minimal OAuth 2.0 provider (authorize, token, userinfo) standing in for Google in tests. */
export async function startOAuthStandIn(): Promise<OAuthStandIn> {
  let user = { sub: "google-1001", email: "wanjiku.google@nuru.test", name: "Wanjiku Mwangi" };
  const codes = new Map<string, typeof user>();
  const tokens = new Map<string, typeof user>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    console.error("oauth stand-in", req.method, req.url, req.headers.authorization, req.headers["content-type"]);
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
