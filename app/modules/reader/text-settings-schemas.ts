// The forms that change her text settings: one step from the online reader, or the whole set from an offline copy.
import { z } from "zod";
import { FONT_SIZES, LINE_HEIGHTS, TEXT_SETTINGS_CHANGES, TEXT_THEMES } from "./text-settings";

/** One settings button's change, as the form posts it. */
export const textSettingsChangeSchema = z.object({
  intent: z.literal("settings"),
  change: z.enum(TEXT_SETTINGS_CHANGES),
  section: z.coerce.number().int().min(0).max(100_000).default(0),
  at: z.coerce.number().int().min(0).max(100_000).default(0),
});

/**
 * Her settings as a whole, as the offline copy sends them (ADR 033): changed on the phone with no connection and sent
 * later by the service worker's queue, so they name the time she chose them (`takenAt`) and whose they are (`owner`);
 * the newest choice wins, whatever order the posts arrive in. Sizes on the steps the buttons make.
 */
export const textSettingsSetSchema = z.object({
  fontSize: z.coerce
    .number()
    .int()
    .min(FONT_SIZES.min)
    .max(FONT_SIZES.max)
    .refine((n) => n % FONT_SIZES.step === 0),
  lineHeight: z.coerce
    .number()
    .int()
    .min(LINE_HEIGHTS.min)
    .max(LINE_HEIGHTS.max)
    .refine((n) => n % LINE_HEIGHTS.step === 0),
  theme: z.enum(TEXT_THEMES),
  takenAt: z.coerce.number().int().min(0),
});
