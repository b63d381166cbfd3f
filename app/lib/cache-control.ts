/** For anything that depends on who asks: never kept by a shared cache, nor stored by the browser. */
export const PERSONAL_CACHE_CONTROL = "private, no-store";
