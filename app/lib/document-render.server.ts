// Data a page renders into its HTML but does not send again as hydration data (ADR 022). Only for a document
// request (the first load of a page, which arrives as HTML): data requests from the app in the browser (`.data`)
// carry everything, so a page reached by navigation or revalidated renders in full as always.
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";
import type { ServerOnly } from "./server-only";

const documentData = new AsyncLocalStorage<Map<string, unknown>>();

/** Express middleware: a GET for a page (not its `.data`) gets a store for what it renders once. */
export function documentRenderScope(req: Request, _res: Response, next: NextFunction) {
  if ((req.method === "GET" || req.method === "HEAD") && !req.path.endsWith(".data"))
    return documentData.run(new Map(), next);
  next();
}

/** What entry.server hands the render: the values loaders kept for the HTML alone (null outside a document). */
export function documentRenderData(): ReadonlyMap<string, unknown> | null {
  return documentData.getStore() ?? null;
}

/**
 * `value` itself, or, while rendering a document, a marker in its place: the value goes into the HTML only and
 * `<StaticHtml>` keeps that HTML in the browser. Only for what needs no JavaScript (links, text, images).
 */
export function renderOnce<T>(key: string, value: T): T | ServerOnly {
  const store = documentData.getStore();
  if (!store) return value;
  store.set(key, value);
  return { serverOnly: key };
}
