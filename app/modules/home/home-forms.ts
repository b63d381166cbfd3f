import { z } from "zod";
import { idField } from "~/lib/ids";

// The home page editors' schemas (hero slides, featured ad, testimonials), shared by the admin's browser and the
// action, so both give the same messages.

export const HOME_LIMITS_ADMIN = { title: 120, subtitle: 300, buttonText: 40, url: 2000, content: 1000, name: 80 };

/** An uploaded image (/media/...) or an https:// link. */
const imageUrl = z
  .string()
  .trim()
  .max(HOME_LIMITS_ADMIN.url)
  .refine(
    (v) => v === "" || /^https:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v),
    "Image must be an uploaded image or an https:// link",
  )
  .optional()
  .transform((v) => v || null);

/** A button link: a path inside the shop (/pricing) or an http(s) address (opens in a new tab). */
export const isButtonLink = (v: string) => /^\/(?![/\\])[^\s]*$/.test(v) || /^https?:\/\/[^\s/]+\S*$/i.test(v);

const buttonText = z
  .string()
  .trim()
  .max(HOME_LIMITS_ADMIN.buttonText, `Button text must be at most ${HOME_LIMITS_ADMIN.buttonText} characters`)
  .optional()
  .transform((v) => v || null);

const buttonLink = z
  .string()
  .trim()
  .max(HOME_LIMITS_ADMIN.url)
  .refine((v) => v === "" || isButtonLink(v), "Link must start with / (a page of the shop) or http:// or https://")
  .optional()
  .transform((v) => v || null);

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || null);

const required = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * Both halves of a button or neither: a text without a link (or the reverse) would show a dead button. Its Swahili
 * text only says the English button again on Swahili pages, so it needs the English text (and with it the link).
 */
function buttonsComplete<
  T extends {
    primaryButtonText: string | null;
    primaryButtonLink: string | null;
    secondaryButtonText: string | null;
    secondaryButtonLink: string | null;
    primaryButtonTextSw: string | null;
    secondaryButtonTextSw: string | null;
  },
>(value: T, ctx: z.RefinementCtx) {
  for (const which of ["primary", "secondary"] as const) {
    const text = value[`${which}ButtonText`];
    const link = value[`${which}ButtonLink`];
    if (text && !link) ctx.addIssue({ code: "custom", path: [`${which}ButtonLink`], message: "Add the button's link" });
    if ((link || value[`${which}ButtonTextSw`]) && !text)
      ctx.addIssue({ code: "custom", path: [`${which}ButtonText`], message: "Add the button's text" });
  }
}

const buttons = {
  primaryButtonText: buttonText,
  primaryButtonLink: buttonLink,
  secondaryButtonText: buttonText,
  secondaryButtonLink: buttonLink,
  // On Swahili pages (issue 50, ADR 048); empty shows the English.
  primaryButtonTextSw: buttonText,
  secondaryButtonTextSw: buttonText,
};

export const heroSlideSchema = z
  .object({
    id: idField("Unknown slide").optional(),
    title: required(HOME_LIMITS_ADMIN.title, "Title"),
    subtitle: optionalText(HOME_LIMITS_ADMIN.subtitle, "Subtitle"),
    // Its words on Swahili pages, each optional (empty shows the English), within the English one's limits.
    titleSw: optionalText(HOME_LIMITS_ADMIN.title, "Title in Swahili"),
    subtitleSw: optionalText(HOME_LIMITS_ADMIN.subtitle, "Subtitle in Swahili"),
    imageUrl,
    ...buttons,
    published: z.boolean().default(false),
  })
  .superRefine(buttonsComplete);

export const featuredAdSchema = z
  .object({
    ebookId: z
      .union([z.literal(""), idField("Unknown ebook")])
      .optional()
      .transform((v) => v || null),
    coverImageUrl: imageUrl,
    headline: required(HOME_LIMITS_ADMIN.title, "Headline"),
    subtext: optionalText(HOME_LIMITS_ADMIN.subtitle, "Subtext"),
    headlineSw: optionalText(HOME_LIMITS_ADMIN.title, "Headline in Swahili"),
    subtextSw: optionalText(HOME_LIMITS_ADMIN.subtitle, "Subtext in Swahili"),
    ...buttons,
    active: z.boolean().default(false),
  })
  .superRefine(buttonsComplete);

export const testimonialSchema = z.object({
  id: idField("Unknown testimonial").optional(),
  name: required(HOME_LIMITS_ADMIN.name, "Name"),
  role: optionalText(HOME_LIMITS_ADMIN.name, "Role"),
  content: required(HOME_LIMITS_ADMIN.content, "Testimonial"),
  rating: z.coerce
    .number({ error: "Rating must be from 1 to 5" })
    .int("Rating must be from 1 to 5")
    .min(1, "Rating must be from 1 to 5")
    .max(5, "Rating must be from 1 to 5")
    .default(5),
  avatarUrl: imageUrl,
  published: z.boolean().default(false),
});

/** Buttons on the lists: delete, move up or down, publish or unpublish one item. */
export const homeItemCommandSchema = z.object({
  id: idField("Unknown item"),
  command: z.enum(["delete", "up", "down", "publish", "unpublish"], { error: "Unknown command" }),
});

/** Every post of /admin/homepage, named by its intent: one of the three editors, or a list's item buttons. */
export const homepageActionSchema = z.discriminatedUnion("intent", [
  heroSlideSchema.safeExtend({ intent: z.literal("slide") }),
  featuredAdSchema.safeExtend({ intent: z.literal("ad") }),
  testimonialSchema.extend({ intent: z.literal("testimonial") }),
  homeItemCommandSchema.extend({ intent: z.literal("slide-item") }),
  homeItemCommandSchema.extend({ intent: z.literal("testimonial-item") }),
]);

export type HeroSlideInput = z.output<typeof heroSlideSchema>;
export type FeaturedAdInput = z.output<typeof featuredAdSchema>;
export type TestimonialInput = z.output<typeof testimonialSchema>;
export type HomeItemCommand = z.output<typeof homeItemCommandSchema>;
