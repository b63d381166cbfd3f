// The category form's rules, shared by the admin dialog (in the browser) and the action (on the server).
import { z } from "zod";
import { idField } from "~/lib/ids";

export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 500;
export const CATEGORY_NAME_EMPTY = "Category name cannot be empty.";

/**
 * The spec's slug rule: lowercase, trimmed, whitespace to hyphens, non-word characters removed, repeated hyphens
 * collapsed. Underscores also become hyphens and the ends lose theirs, so every slug is a valid /category/ path.
 */
export function categorySlug(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/_+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
}

const name = z
  .string({ error: CATEGORY_NAME_EMPTY })
  .trim()
  .min(1, CATEGORY_NAME_EMPTY)
  .max(CATEGORY_NAME_MAX, `Category names can be at most ${CATEGORY_NAME_MAX} characters.`)
  .refine((v) => v.length === 0 || categorySlug(v).length > 0, "Category name needs at least one letter or number.");

const description = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    // Optional: the form reader (conform) reads a blank field as absent.
    z
      .string()
      .max(CATEGORY_DESCRIPTION_MAX, `Descriptions can be at most ${CATEGORY_DESCRIPTION_MAX} characters.`)
      .optional(),
  )
  // A blank description is stored as null (spec).
  .transform((v) => (v ? v : null));

// The Swahili name and description (issue 50, ADR 048): optional, the English ones' limits; blank is unset (null),
// and Swahili pages then show the English words.
const nameSw = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z.string().max(CATEGORY_NAME_MAX, `Swahili names can be at most ${CATEGORY_NAME_MAX} characters.`).optional(),
  )
  .transform((v) => (v ? v : null));

const descriptionSw = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z
      .string()
      .max(CATEGORY_DESCRIPTION_MAX, `Swahili descriptions can be at most ${CATEGORY_DESCRIPTION_MAX} characters.`)
      .optional(),
  )
  .transform((v) => (v ? v : null));

// A checkbox: present ("on") when ticked, absent when not (true once the form reader has read it).
const isActive = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

const id = idField("Unknown category.");

export const categoryFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name, description, nameSw, descriptionSw, isActive }),
  z.object({ intent: z.literal("update"), id, name, description, nameSw, descriptionSw, isActive }),
  z.object({ intent: z.literal("delete"), id }),
]);

export type CategoryCommand = z.infer<typeof categoryFormSchema>;
