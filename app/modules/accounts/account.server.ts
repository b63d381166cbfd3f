import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { updateFullName } from "./profile.server";

export async function saveFullName(userId: string, fullName: string) {
  await updateFullName(getDb(), userId, fullName);
}

/** Her KRA PIN for future receipts (null: none). Receipts already issued keep the PIN they were issued with. */
export async function saveKraPin(userId: string, kraPin: string | null) {
  await getDb().update(profiles).set({ kraPin, updatedAt: new Date() }).where(eq(profiles.id, userId));
}

export async function kraPinOf(userId: string): Promise<string | null> {
  const [row] = await getDb().select({ kraPin: profiles.kraPin }).from(profiles).where(eq(profiles.id, userId));
  return row?.kraPin ?? null;
}
