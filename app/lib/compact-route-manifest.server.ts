const MANIFEST_START = Buffer.from("window.__reactRouterManifest = ");
const MANIFEST_END = Buffer.from(";\n  window.__reactRouterRouteModules");

/**
 * React Router writes the page's route manifest into the HTML pretty-printed (`JSON.stringify(m, null, 2)`: a
 * third of it is indentation, about 600 bytes of every page, issue 14). It is written whole in one piece, so it is
 * found whole in one chunk; written again without the whitespace. Anything unexpected leaves the chunk as it was.
 */
export function compactRouteManifest(chunk: Buffer): Buffer {
  const at = chunk.indexOf(MANIFEST_START);
  if (at < 0) return chunk;
  const start = at + MANIFEST_START.length;
  const end = chunk.indexOf(MANIFEST_END, start);
  if (end < 0) return chunk;
  let compact: string;
  try {
    compact = JSON.stringify(JSON.parse(chunk.toString("utf8", start, end)));
  } catch {
    return chunk;
  }
  return Buffer.concat([chunk.subarray(0, start), Buffer.from(compact), chunk.subarray(end)]);
}
