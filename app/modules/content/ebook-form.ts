import { z } from "zod";
import { idField } from "~/lib/ids";
import { formBodyLimit } from "~/lib/form-body-limit";

// The ebook form's schema, shared by the admin's browser and the action.

export const EBOOK_LIMITS = { title: 200, description: 5000, url: 2000 } as const;

/** "450", "450.5", "450.50": KES with at most two decimals; empty means subscription-only. */
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

export const ebookFormSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(EBOOK_LIMITS.title, `Title must be at most ${EBOOK_LIMITS.title} characters`),
  description: z
    .string()
    .trim()
    .max(EBOOK_LIMITS.description, `Description must be at most ${EBOOK_LIMITS.description} characters`)
    .optional()
    .transform((v) => v || null),
  coverImageUrl: z
    .string()
    .trim()
    .max(EBOOK_LIMITS.url)
    .refine(
      (v) => /^https:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v),
      "Cover must be an uploaded image or an https:// link",
    )
    .optional()
    .transform((v) => v || null),
  /** The id of the uploaded PDF (media_assets); the server looks up its private key and page count. */
  fileAssetId: idField("Upload the ebook's PDF again").optional(),
  /** The id of an uploaded EPUB for the text edition (media_assets, kind epub). */
  epubAssetId: idField("Upload the EPUB again").optional(),
  /** Drops the EPUB: the text edition is made from the PDF again. */
  removeEpub: z.boolean().default(false),
  price: z
    .string()
    .trim()
    .refine((v) => v === "" || PRICE.test(v), "Enter a price in KES, e.g. 450 or 450.50")
    .optional()
    .transform((v) => (v ? v : null)),
  accessType: z.enum(["free", "premium", "subscription"], { error: "Choose an access type" }).default("free"),
  /** The language it is written in (issue 50): lists show the reader's language first. */
  language: z.enum(["en", "sw"], { error: "Choose a language" }).default("en"),
  /** The same ebook in the other language (issue 50): linked both ways when saved; none unlinks both. */
  translationId: idField("Unknown translation").optional(),
  downloadable: z.boolean().default(false),
  published: z.boolean().default(false),
  categoryIds: z.array(idField("Unknown category")).max(20).default([]),
  openedVersion: z.string().max(40).optional(),
});

/** The ebook editor's posts: save the form, or (on a saved ebook) make the text edition again or switch it. */
export const ebookEditorSchema = z.discriminatedUnion("intent", [
  // A post naming no intent is a save, as the form was before it had other posts (scripts and old pages send none).
  ebookFormSchema.extend({ intent: z.literal("save").default("save") }),
  z.object({ intent: z.literal("text-extract") }),
  // The switch's button sends what it turns the text edition to: "on" or "off".
  z.object({ intent: z.literal("text-switch"), enabled: z.enum(["on", "off"]).transform((v) => v === "on") }),
]);

/** The largest body the ebook form can send with every field at its maximum (request guards allow this much). */
export const EBOOK_FORM_BODY_LIMIT = formBodyLimit({
  intent: 20,
  title: EBOOK_LIMITS.title,
  description: EBOOK_LIMITS.description,
  coverImageUrl: EBOOK_LIMITS.url,
  fileAssetId: 36,
  epubAssetId: 36,
  removeEpub: 5,
  price: 10,
  accessType: 12,
  language: 2,
  translationId: 36,
  downloadable: 5,
  published: 5,
  categoryIds: [36, 20],
  openedVersion: 40,
});

export type EbookFormInput = z.output<typeof ebookFormSchema>;
