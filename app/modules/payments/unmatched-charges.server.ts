// Scheduled card charges whose status answer named no agreement of ours (held for review by recurring-charges.server.ts):
// the card was charged and nobody's plan was extended. An admin finds the reader's agreement or refunds the charge on
// Pesapal's dashboard, then marks it resolved here with a note of what was done; resolved, it is no longer a
// reconciliation difference, an alert, or part of the admin menu's count.
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewalEvents, users } from "~/db/schema";
import type { AdminViewer } from "~/modules/access/policy";
import { AppError, defineErrors } from "~/lib/app-error";
import { isId } from "~/lib/ids";
import { recordActivity } from "~/modules/admin/activity.server";
import { NOTE_MISSING, RESOLUTION_NOTE_LIMIT } from "./unmatched-charge-form";

/** Why a charge was not marked resolved; the admin sees the message beside the charge. */
export const UNMATCHED_CHARGE_ERRORS = defineErrors({
  CHARGE_NOTE_INVALID: { status: 400, title: "Not Resolved", message: NOTE_MISSING },
  CHARGE_NOT_FOUND: { status: 404, title: "Not Resolved", message: "This charge does not exist." },
  CHARGE_ALREADY_RESOLVED: { status: 409, title: "Not Resolved", message: "This charge was already marked resolved." },
});

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

export async function listUnmatchedCharges(_admin: AdminViewer, limit = 50): Promise<UnmatchedCharge[]> {
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

/**
 * Marks an unmatched charge resolved with what was done. Once only: a second admin is told it is already done (an
 * AppError of UNMATCHED_CHARGE_ERRORS, like every refusal here).
 */
export async function resolveUnmatchedCharge(
  admin: AdminViewer,
  input: { chargeId: string; note: string },
  now = new Date(),
): Promise<void> {
  const note = input.note.trim();
  if (!note) throw new AppError(UNMATCHED_CHARGE_ERRORS.CHARGE_NOTE_INVALID);
  if (note.length > RESOLUTION_NOTE_LIMIT) {
    throw new AppError(
      UNMATCHED_CHARGE_ERRORS.CHARGE_NOTE_INVALID,
      `The note can be at most ${RESOLUTION_NOTE_LIMIT} characters.`,
    );
  }
  if (!isId(input.chargeId)) throw new AppError(UNMATCHED_CHARGE_ERRORS.CHARGE_NOT_FOUND);
  return getDb().transaction(async (tx) => {
    const [resolved] = await tx
      .update(cardRenewalEvents)
      .set({ resolvedAt: now, resolvedBy: admin.user.id, resolutionNote: note })
      .where(and(eq(cardRenewalEvents.id, input.chargeId), unresolvedUnmatchedCharge()))
      .returning({ trackingId: cardRenewalEvents.gatewayTrackingId });
    if (!resolved) {
      const [row] = await tx
        .select({ resolvedAt: cardRenewalEvents.resolvedAt, by: users.email })
        .from(cardRenewalEvents)
        .leftJoin(users, eq(users.id, cardRenewalEvents.resolvedBy))
        .where(and(eq(cardRenewalEvents.id, input.chargeId), isNull(cardRenewalEvents.cardRenewalId)));
      if (!row) throw new AppError(UNMATCHED_CHARGE_ERRORS.CHARGE_NOT_FOUND);
      throw new AppError(
        UNMATCHED_CHARGE_ERRORS.CHARGE_ALREADY_RESOLVED,
        `This charge was already marked resolved${row.by ? ` by ${row.by}` : ""}.`,
      );
    }
    await recordActivity(tx, admin, {
      action: "resolved an unmatched card charge",
      entityType: "order",
      entityId: null,
      summary: `Scheduled card charge Pesapal ${resolved.trackingId ?? "(no tracking id)"}: ${note}`,
    });
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
