// Scheduled card charges whose status answer named no agreement of ours (held for review by recurring-charges.server.ts):
// the card was charged and nobody's plan was extended. An admin finds the reader's agreement or refunds the charge on
// Pesapal's dashboard, then marks it resolved here with a note of what was done; resolved, it is no longer a
// reconciliation difference, an alert, or part of the admin menu's count.
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewalEvents, users } from "~/db/schema";
import { isAdmin, type Viewer } from "~/modules/access/policy";
import { recordActivity } from "~/modules/admin/activity.server";

/** The longest resolution note kept (a sentence or two: what was done, where). */
export const RESOLUTION_NOTE_LIMIT = 500;

/** Rows of card_renewal_events that are an unmatched charge still waiting for a person. */
export function unresolvedUnmatchedCharge(): SQL {
  return and(isNull(cardRenewalEvents.cardRenewalId), isNull(cardRenewalEvents.resolvedAt))!;
}

export interface UnmatchedCharge {
  id: string;
  trackingId: string | null;
  accountNumber: string;
  note: string;
  createdAt: string;
}

export async function listUnmatchedCharges(viewer: Viewer, limit = 50): Promise<UnmatchedCharge[]> {
  if (!isAdmin(viewer)) throw new Error("Only admins see unmatched charges");
  const rows = await getDb()
    .select({
      id: cardRenewalEvents.id,
      trackingId: cardRenewalEvents.gatewayTrackingId,
      accountNumber: cardRenewalEvents.accountNumber,
      note: cardRenewalEvents.note,
      createdAt: cardRenewalEvents.createdAt,
    })
    .from(cardRenewalEvents)
    .where(unresolvedUnmatchedCharge())
    .orderBy(asc(cardRenewalEvents.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, note: r.note ?? "", createdAt: r.createdAt.toISOString() }));
}

export type ResolveResult = { ok: true } | { ok: false; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Marks an unmatched charge resolved with what was done. Once only: a second admin is told it is already done. */
export async function resolveUnmatchedCharge(
  viewer: Viewer,
  input: { chargeId: string; note: string },
  now = new Date(),
): Promise<ResolveResult> {
  if (!isAdmin(viewer)) throw new Error("Only admins resolve unmatched charges");
  const note = input.note.trim();
  if (!note) return { ok: false, message: "Write what was done (for example: refunded on Pesapal's dashboard)." };
  if (note.length > RESOLUTION_NOTE_LIMIT) {
    return { ok: false, message: `The note can be at most ${RESOLUTION_NOTE_LIMIT} characters.` };
  }
  if (!UUID.test(input.chargeId)) return { ok: false, message: "This charge does not exist." };
  return getDb().transaction(async (tx) => {
    const [resolved] = await tx
      .update(cardRenewalEvents)
      .set({ resolvedAt: now, resolvedBy: viewer.user!.id, resolutionNote: note })
      .where(and(eq(cardRenewalEvents.id, input.chargeId), unresolvedUnmatchedCharge()))
      .returning({ trackingId: cardRenewalEvents.gatewayTrackingId });
    if (!resolved) {
      const [row] = await tx
        .select({ resolvedAt: cardRenewalEvents.resolvedAt, by: users.email })
        .from(cardRenewalEvents)
        .leftJoin(users, eq(users.id, cardRenewalEvents.resolvedBy))
        .where(and(eq(cardRenewalEvents.id, input.chargeId), isNull(cardRenewalEvents.cardRenewalId)));
      return {
        ok: false,
        message: row
          ? `This charge was already marked resolved${row.by ? ` by ${row.by}` : ""}.`
          : "This charge does not exist.",
      };
    }
    await recordActivity(tx, viewer, {
      action: "resolved an unmatched card charge",
      entityType: "order",
      entityId: null,
      summary: `Scheduled card charge Pesapal ${resolved.trackingId ?? "(no tracking id)"}: ${note}`,
    });
    return { ok: true };
  });
}

/** How many unmatched charges wait for a person (for tests and the menu's sum). */
export async function countUnresolvedUnmatchedCharges(): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(cardRenewalEvents)
    .where(unresolvedUnmatchedCharge());
  return row?.n ?? 0;
}
