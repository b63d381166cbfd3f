import { z } from "zod";

// Rows are named by uuids the database makes (gen_random_uuid). An id from an address or a form is checked against
// that shape before any query: PostgreSQL refuses to compare a uuid column with other text (an error, where the
// visitor must get "not found"). One pattern for every check, the same as the database accepts from us.
/** A row id's shape, unanchored and lower case: for a pattern that holds one (an address naming a row). */
export const ID_SOURCE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const ID_PATTERN = /* @__PURE__ */ new RegExp(`^${ID_SOURCE}$`, "i");

/** Whether a value has the shape of a row id (it may still name no row). */
export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** A form field holding a row id; `message` is what the form shows for any other value. */
export function idField(message: string) {
  return z.string().regex(ID_PATTERN, { error: message });
}
