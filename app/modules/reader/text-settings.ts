// How text mode is set: font size, line spacing and theme, changed one step at a time by small forms.
import { z } from "zod";

export const TEXT_THEMES = ["light", "sepia", "dark"] as const;
export type TextTheme = (typeof TEXT_THEMES)[number];

export interface TextSettings {
  /** Body text in CSS pixels; never under 16. */
  fontSize: number;
  /** Line height in tenths (16 = 1.6). */
  lineHeight: number;
  theme: TextTheme;
}

export const DEFAULT_TEXT_SETTINGS: TextSettings = { fontSize: 18, lineHeight: 16, theme: "light" };
export const FONT_SIZES = { min: 16, max: 32, step: 2 } as const;
export const LINE_HEIGHTS = { min: 12, max: 24, step: 2 } as const;

/** One settings button's change, as the form posts it. */
export const textSettingsChangeSchema = z.object({
  intent: z.literal("settings"),
  change: z.enum(["smaller", "larger", "tighter", "looser", ...TEXT_THEMES]),
  section: z.coerce.number().int().min(0).max(100_000).default(0),
  at: z.coerce.number().int().min(0).max(100_000).default(0),
});

export type TextSettingsChange = z.infer<typeof textSettingsChangeSchema>["change"];

const clamp = (value: number, range: { min: number; max: number }) => Math.min(range.max, Math.max(range.min, value));

export function changeTextSettings(current: TextSettings, change: TextSettingsChange): TextSettings {
  switch (change) {
    case "smaller":
      return { ...current, fontSize: clamp(current.fontSize - FONT_SIZES.step, FONT_SIZES) };
    case "larger":
      return { ...current, fontSize: clamp(current.fontSize + FONT_SIZES.step, FONT_SIZES) };
    case "tighter":
      return { ...current, lineHeight: clamp(current.lineHeight - LINE_HEIGHTS.step, LINE_HEIGHTS) };
    case "looser":
      return { ...current, lineHeight: clamp(current.lineHeight + LINE_HEIGHTS.step, LINE_HEIGHTS) };
    default:
      return { ...current, theme: change };
  }
}
