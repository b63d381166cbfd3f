// How text mode is set: font size, line spacing and theme, changed one step at a time by small forms (online) or by
// the offline copy's buttons. No dependency: the offline copy's script bundles this file.

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

export const TEXT_SETTINGS_CHANGES = ["smaller", "larger", "tighter", "looser", ...TEXT_THEMES] as const;
export type TextSettingsChange = (typeof TEXT_SETTINGS_CHANGES)[number];

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

/** Where a phone keeps her text settings (the online reader writes them, the offline copy reads and changes them). */
export const textSettingsStorageKey = (owner: string) => `nuru-text-settings-${owner}`;

/** Settings as the phone keeps them, with the time they were chosen (ms since 1970; the shop's time when it said). */
export interface StoredTextSettings extends TextSettings {
  at: number;
  /** Changed on this phone (an offline copy) and maybe not at the shop yet. */
  pending?: boolean;
}

/**
 * What the online reader keeps on the phone: the shop's settings, unless the phone holds a newer change made offline
 * that may still be on its way (the worker sends it as this page loads); that change is given this one visit, then
 * the shop's answer stands (a phone whose clock runs fast cannot pin its own settings).
 */
export function settingsToKeep(stored: StoredTextSettings | null, shop: StoredTextSettings): StoredTextSettings {
  if (stored?.pending && stored.at > shop.at) return { ...stored, pending: false };
  return { fontSize: shop.fontSize, lineHeight: shop.lineHeight, theme: shop.theme, at: shop.at };
}
