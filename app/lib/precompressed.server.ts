import { existsSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  // pdf.js ships its worker as .mjs.
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/** Serves build-time .br / .gz siblings of hashed assets when the browser accepts them. */
export function precompressedAssets(root: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const ext = path.extname(req.path);
    const type = TYPES[ext];
    if (!type || req.path.includes("..")) return next();
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const file = path.join(root, req.path);
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (accepts.includes(encoding) && existsSync(file + suffix)) {
        res.setHeader("Content-Encoding", encoding);
        res.setHeader("Content-Type", type);
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        return res.sendFile(file + suffix);
      }
    }
    next();
  };
}
