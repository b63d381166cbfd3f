/** Every offline library cache's name starts so (ADR 033); the cache of who is signed in is only a marker. */
export const OFFLINE_CACHE_PREFIX = "nuru-offline-";

/** Her offline library's cache on this device, named by the non-secret key the server gives her pages. */
export const offlineCacheName = (owner: string) => `${OFFLINE_CACHE_PREFIX}${owner}`;

/**
 * The cookie that proves, on her device and with no connection, that the session which saved her copies is still the
 * one signed in (ADR 033): readable by scripts (the worker reads it with the Cookie Store API), holding a proof derived
 * from the session and never the session itself, and ending no later than the session's cookie. Its value is
 * `<proof>.<issued at, seconds>`; only the proof binds the copies.
 */
export const OFFLINE_SESSION_COOKIE = "nuru_offline_session";

/** The proof part of the cookie's value (null when there is none). */
export function offlineSessionProof(value: string | null | undefined): string | null {
  const proof = value?.split(".")[0] ?? "";
  return /^[A-Za-z0-9_-]{32}$/.test(proof) ? proof : null;
}
