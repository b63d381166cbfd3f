import { z } from "zod";
import { textSettingsSetSchema } from "./text-settings-schemas";

// What the open reader posts to /ebook/:id/reading, one schema on `intent`: a fresh file URL, the PDF page she is on,
// her place in the text edition, or her text settings from an offline copy (both may be sent late when they were
// queued offline: with the time of the change and whose it is).
// The numbers are checked again where they are used (saveLastPage, saveTextPosition).
const number = z.coerce.number({ error: "Not a number" });

export const readingPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("renew") }),
  z.object({ intent: z.literal("progress"), page: number, pages: number.optional() }),
  z.object({
    intent: z.literal("text-position"),
    section: number,
    offset: number,
    takenAt: number.optional(),
    owner: z.string().optional(),
  }),
  textSettingsSetSchema.extend({ intent: z.literal("text-settings"), owner: z.string().optional() }),
]);
