// The seller named on every receipt and whether VAT is charged, set by an admin on the receipts page. One row of
// site_settings; read inside the transaction that completes an order, so a receipt says what was set then.
import { eq } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import type { AdminViewer } from "~/modules/access/policy";
import { nairobiDayStart } from "~/lib/nairobi-time";

const KEY = "receipt_seller";

export interface ReceiptSettings {
  businessName: string;
  address: string;
  /** The shop's KRA PIN, '' until it has one. */
  kraPin: string;
  /** Nairobi date (YYYY-MM-DD) from which VAT is charged; null while the shop is not VAT-registered. */
  vatFrom: string | null;
}

export const DEFAULT_RECEIPT_SETTINGS: ReceiptSettings = {
  businessName: "Nuru",
  address: "",
  kraPin: "",
  vatFrom: null,
};

type Reader = Pick<Database, "select">;

/** `db`: the completing transaction, so the receipt records the settings as that transaction sees them. */
export async function getReceiptSettings(db: Reader = getDb()): Promise<ReceiptSettings> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  return { ...DEFAULT_RECEIPT_SETTINGS, ...((row?.value as Partial<ReceiptSettings> | undefined) ?? {}) };
}

/** The admin's seller and VAT settings, recorded on every receipt issued from now on. */
export async function saveReceiptSettings(
  _admin: AdminViewer,
  value: ReceiptSettings,
  now = new Date(),
): Promise<void> {
  await getDb()
    .insert(siteSettings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
}

/** Whether a receipt completed at `at` carries VAT under these settings. */
export function vatAppliesAt(settings: ReceiptSettings, at: Date): boolean {
  return settings.vatFrom !== null && at.getTime() >= nairobiDayStart(settings.vatFrom).getTime();
}
