// The largest body a form can send when every field is filled to its schema's maximum, so a route's body limit can
// follow what its form accepts instead of one number for every form.

/**
 * Bytes one UTF-16 code unit (what a schema's `.max()` counts) can take in a urlencoded body: at most 3 UTF-8 bytes
 * (a 4-byte character is two code units, 2 bytes each), and each byte at most 3 characters once percent-encoded.
 */
export const URLENCODED_BYTES_PER_UNIT = 3 * 3;

/** A part's framing in a multipart body (boundary, Content-Disposition with the name, blank lines), generously. */
const PER_FIELD_FRAMING = 200;

/**
 * Worst-case body of a form whose fields are given as `name: maximum length` or `name: [maximum length, how many]`
 * (repeated fields such as tags). Covers a urlencoded body (each unit percent-encoded) and a multipart one (raw
 * bytes plus each part's framing) alike.
 */
export function formBodyLimit(fields: Record<string, number | readonly [max: number, count: number]>): number {
  let bytes = 0;
  for (const [name, spec] of Object.entries(fields)) {
    const [max, count] = typeof spec === "number" ? [spec, 1] : spec;
    bytes += count * (name.length + max * URLENCODED_BYTES_PER_UNIT + PER_FIELD_FRAMING);
  }
  return bytes;
}
