// The bookmark "set" form (ADR 033), read only by the /engagement action: kept out of schemas.ts, which pages load.
import { z } from "zod";
import { bookmarkSchema } from "./schemas";

/**
 * A bookmark set on or off as she asked at `takenAt` (ms since 1970, her device's clock): what the button sends, so
 * a post queued offline and sent late never undoes a later tap (ADR 033). `owner`: her offline key, when known.
 */
export const bookmarkSetSchema = bookmarkSchema.extend({
  bookmarked: z.enum(["true", "false"], { error: "Unknown bookmark state" }).transform((v) => v === "true"),
  takenAt: z.coerce.number({ error: "Unknown time" }).int({ error: "Unknown time" }),
  owner: z.string().optional(),
});
export type BookmarkSetInput = z.infer<typeof bookmarkSetSchema>;
