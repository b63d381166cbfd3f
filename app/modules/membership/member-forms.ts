// The small forms of a member's own pages (issue 31 item 3): My Library's renewal and plan-change buttons, the ebook
// page's "unlock with my plan", the gifts page's Resend. One schema each, for the page and its action.
import { z } from "zod";
import { idField } from "~/lib/ids";

const UNKNOWN = "Unknown request.";

/** My Library: the renewal of a period (the module answers an id that is not hers as not found), or a plan switch. */
export const libraryFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("cancel-renewal"), subscriptionId: z.string().max(100).default("") }),
    z.object({ intent: z.literal("resume-renewal"), subscriptionId: z.string().max(100).default("") }),
    z.object({ intent: z.literal("switch-plan"), plan: z.string().max(100).default("") }),
    z.object({ intent: z.literal("cancel-switch") }),
  ],
  { error: UNKNOWN },
);

/** The ebook page: spend one of the plan's ebooks on this title. */
export const unlockEbookFormSchema = z.object({ intent: z.literal("unlock", { error: "Unknown action." }) });

/** Your gifts: send an unclaimed gift's claim link again. */
export const resendGiftFormSchema = z.object({
  // "link": a claim link to copy and share (issue 46), instead of the e-mail.
  intent: z.enum(["resend", "link"], { error: "Unknown request" }),
  giftId: idField("Unknown request"),
});
