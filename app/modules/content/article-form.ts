import { z } from "zod";
import { idField } from "~/lib/ids";
import { formBodyLimit } from "~/lib/form-body-limit";

// The article form's schema: the editor's browser checks it before posting, the action checks it again.

export const ARTICLE_LIMITS = {
  title: 200,
  excerpt: 500,
  metaDescription: 300,
  content: 200_000,
  tag: 40,
  tags: 20,
  url: 2000,
} as const;

/** Tags as the editor adds them: trimmed, blanks dropped, duplicates (ignoring case) dropped, order kept. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || null);

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.url, `${label} is too long`)
    .refine((v) => /^https:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), `${label} must be an https:// link`)
    .optional()
    .transform((v) => v || null);

export const articleFormSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(ARTICLE_LIMITS.title, `Title must be at most ${ARTICLE_LIMITS.title} characters`),
  contentMode: z.enum(["rich", "plain"]).default("rich"),
  content: z
    .string()
    .max(ARTICLE_LIMITS.content, `The article can be at most ${ARTICLE_LIMITS.content.toLocaleString("en")} characters`)
    .optional()
    .transform((v) => v ?? ""),
  excerpt: optionalText("Excerpt", ARTICLE_LIMITS.excerpt),
  metaDescription: optionalText("Meta description", ARTICLE_LIMITS.metaDescription),
  imageUrl: optionalUrl("Image URL"),
  videoUrl: optionalUrl("Video URL"),
  accessType: z.enum(["free", "premium", "subscription"], { error: "Choose an access type" }).default("free"),
  /** The language it is written in (issue 50): lists show the reader's language first. */
  language: z.enum(["en", "sw"], { error: "Choose a language" }).default("en"),
  /**
   * The same article in the other language (issue 50): linked both ways when saved; none (the empty choice) unlinks
   * both.
   */
  translationId: idField("Unknown translation").optional(),
  published: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  isMustRead: z.boolean().default(false),
  categoryIds: z.array(idField("Unknown category")).max(20).default([]),
  tags: z
    .array(z.string().trim().max(ARTICLE_LIMITS.tag, `Tags must be at most ${ARTICLE_LIMITS.tag} characters`))
    .default([])
    .transform(cleanTags)
    .refine((t) => t.length <= ARTICLE_LIMITS.tags, `At most ${ARTICLE_LIMITS.tags} tags`),
  /** Whom to e-mail the article when it is saved published (issue 34); an article is mailed once. */
  mailOnPublish: z.enum(["none", "followers", "paying"], { error: "Choose who gets it by e-mail" }).default("none"),
  /** When the editor opened the article (its updated_at); a save made after someone else's is refused. */
  openedVersion: z.string().max(40).optional(),
  /** She was warned that body pictures have no description and publishes anyway (not stored). */
  publishWithoutAlt: z.boolean().default(false),
});

/** The preview button's post: the body as typed (and the video), shown as readers will see it. */
export const articlePreviewSchema = z.object({
  intent: z.literal("preview"),
  contentMode: z.enum(["rich", "plain"]).default("rich"),
  content: z.string().max(ARTICLE_LIMITS.content).optional(),
  videoUrl: z.string().max(ARTICLE_LIMITS.url).optional(),
});

/** The article editor's two posts: save the form, or preview its body. */
export const articleEditorSchema = z.discriminatedUnion("intent", [
  // A post naming no intent is a save, as the form was before it had other posts (scripts and old pages send none).
  articleFormSchema.extend({ intent: z.literal("save").default("save") }),
  articlePreviewSchema,
]);

/**
 * The largest body the article form can send with every field at its maximum (a 200,000-character article is far
 * more than the 64 KB other forms get). The request guards allow this much on the article routes.
 */
export const ARTICLE_FORM_BODY_LIMIT = formBodyLimit({
  intent: 20,
  title: ARTICLE_LIMITS.title,
  contentMode: 5,
  editorMode: 5,
  content: ARTICLE_LIMITS.content,
  excerpt: ARTICLE_LIMITS.excerpt,
  metaDescription: ARTICLE_LIMITS.metaDescription,
  imageUrl: ARTICLE_LIMITS.url,
  videoUrl: ARTICLE_LIMITS.url,
  accessType: 12,
  language: 2,
  translationId: 36,
  published: 5,
  isFeatured: 5,
  isMustRead: 5,
  categoryIds: [36, 20],
  tags: [ARTICLE_LIMITS.tag, ARTICLE_LIMITS.tags],
  openedVersion: 40,
  mailOnPublish: 10,
  publishWithoutAlt: 5,
});

export type ArticleFormInput = z.output<typeof articleFormSchema>;

/** The rich editor is preselected for content that is HTML (spec: it starts with an angle bracket). */
export function contentModeOf(content: string): "rich" | "plain" {
  return content === "" || content.trimStart().startsWith("<") ? "rich" : "plain";
}
