import parseRange from "range-parser";
import { notModified } from "~/lib/conditional-get.server";
import type { Bucket, ByteRange, ObjectInfo, ObjectStorage } from "./storage.server";

export type RangeDecision = { kind: "full" } | { kind: "partial"; range: ByteRange } | { kind: "unsatisfiable" };

/**
 * What to send for a Range header (RFC 9110 §14). One range is served as 206; several ranges are served whole
 * (allowed, and pdf.js never asks for several); a malformed header is ignored; a range past the end is 416.
 * If-Range that does not match the current ETag means the client's copy is stale: send it all.
 */
export function decideRange(info: Pick<ObjectInfo, "size" | "etag">, headers: Headers): RangeDecision {
  const header = headers.get("range");
  if (!header) return { kind: "full" };
  const ifRange = headers.get("if-range");
  if (ifRange && ifRange !== info.etag) return { kind: "full" };
  if (info.size === 0) return { kind: "unsatisfiable" };
  const ranges = parseRange(info.size, header, { combine: true });
  if (ranges === -2) return { kind: "full" };
  if (ranges === -1) return { kind: "unsatisfiable" };
  if (ranges.type !== "bytes") return { kind: "full" };
  if (ranges.length !== 1) return { kind: "full" };
  return { kind: "partial", range: { start: ranges[0].start, end: ranges[0].end } };
}

/**
 * Answers a GET or HEAD for a stored object with Content-Length, ETag, Accept-Ranges and Range support, streaming
 * only the bytes asked for. `headers` are added to every answer (caching and security headers of the caller).
 */
export async function objectResponse({
  storage,
  bucket,
  key,
  request,
  headers,
  info: known,
}: {
  storage: ObjectStorage;
  bucket: Bucket;
  key: string;
  request: Request;
  headers: Record<string, string>;
  info?: ObjectInfo;
}): Promise<Response> {
  const info = known ?? (await storage.stat(bucket, key));
  if (!info) return new Response("Not found", { status: 404, headers });
  const common = {
    ...headers,
    ETag: info.etag,
    "Last-Modified": info.lastModified.toUTCString(),
    "Accept-Ranges": "bytes",
  };
  // Its ETag, else (a client that keeps only dates) If-Modified-Since: either way 304 for the copy it has.
  if (notModified(request.headers, { etag: info.etag, lastModified: info.lastModified }))
    return new Response(null, { status: 304, headers: common });
  const decision = decideRange(info, request.headers);
  if (decision.kind === "unsatisfiable")
    return new Response(null, { status: 416, headers: { ...common, "Content-Range": `bytes */${info.size}` } });
  const range = decision.kind === "partial" ? decision.range : undefined;
  const length = range ? range.end - range.start + 1 : info.size;
  const answerHeaders: Record<string, string> = {
    ...common,
    "Content-Type": info.contentType,
    "Content-Length": String(length),
  };
  if (range) answerHeaders["Content-Range"] = `bytes ${range.start}-${range.end}/${info.size}`;
  const status = range ? 206 : 200;
  if (request.method === "HEAD") return new Response(null, { status, headers: answerHeaders });
  const body = await storage.read(bucket, key, range);
  if (!body) return new Response("Not found", { status: 404, headers });
  return new Response(body, { status, headers: answerHeaders });
}
