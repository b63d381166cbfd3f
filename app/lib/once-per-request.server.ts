/**
 * Reads made once per page request: the root loader and the page's loaders ask for the same session and viewer, and
 * a page view would otherwise look them up once per loader. Only for GET and HEAD: a form post's action may change
 * what the loaders that follow it must see.
 */
export function oncePerRequest<T>(memo: WeakMap<Request, Promise<T>>, request: Request, read: () => Promise<T>) {
  if (request.method !== "GET" && request.method !== "HEAD") return read();
  let pending = memo.get(request);
  if (!pending) {
    pending = read();
    memo.set(request, pending);
    // A failed read is not kept: the next loader tries again.
    pending.catch(() => memo.delete(request));
  }
  return pending;
}
