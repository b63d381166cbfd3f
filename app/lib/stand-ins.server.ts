declare global {
  /** Replaced at build time (vite.config.ts `define`): true in the production build, which holds no stand-in. */
  var __NURU_PRODUCTION_BUILD__: boolean | undefined;
}

export type StandIns = typeof import("~/stand-ins/index.server");

/**
 * The local stand-ins (app/stand-ins: Pesapal, AI, the dev mail outbox), or null in production. The one place the
 * app loads them: in the production build (`npm run build:production`) the first test is the constant `true`, so the
 * bundler drops the import below and the stand-ins' code with it (ADR 031). A development build run with
 * NODE_ENV=production has them on disk but never loads them.
 */
export function loadStandIns(): Promise<StandIns> | null {
  if (globalThis.__NURU_PRODUCTION_BUILD__ === true || process.env.NODE_ENV === "production") return null;
  return import("~/stand-ins/index.server");
}
