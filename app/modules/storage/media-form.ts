// The Files screen's two posts: remove one unused file, or every unused file at once.
import { z } from "zod";
import { idField } from "~/lib/ids";

export const mediaActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), id: idField("Unknown file.") }),
  z.object({ intent: z.literal("remove-unused") }),
]);
