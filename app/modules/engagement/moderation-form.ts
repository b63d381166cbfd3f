// The moderation queue's decision form: approve or delete one review or comment.
import { z } from "zod";
import { idField } from "~/lib/ids";

export const moderationDecisionSchema = z.object({
  intent: z.enum(["approve", "delete"]),
  kind: z.enum(["review", "comment"]),
  id: idField("Unknown item"),
});
