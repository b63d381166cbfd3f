/** Every offline library cache's name starts so (ADR 033); the cache of who is signed in is only a marker. */
export const OFFLINE_CACHE_PREFIX = "nuru-offline-";

/** Her offline library's cache on this device, named by the non-secret key the server gives her pages. */
export const offlineCacheName = (owner: string) => `${OFFLINE_CACHE_PREFIX}${owner}`;
