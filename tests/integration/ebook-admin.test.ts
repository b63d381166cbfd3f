// Ebooks as admins change them: prices in exact cents, the uploaded PDF (only a private PDF recorded at upload)
// becomes the file with its page count, saves on an outdated copy are refused, and an ebook that was sold is
// unpublished instead of deleted, its buyer keeping it.
import { beforeAll, describe, expect, it } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { eq } from "drizzle-orm";
import { appTestDatabase } from "../setup/app-test-database";
import { ebooks, mediaAssets } from "~/db/schema";
import { createPurchase, createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { guestViewer, type AdminViewer } from "~/modules/access/policy";
import {
  createEbook,
  getEbookForEdit,
  listEbooksForAdmin,
  removeEbook,
  updateEbook,
} from "~/modules/content/ebook-admin.server";
import { CONTENT_ADMIN_ERRORS } from "~/modules/content/content-admin-errors";
import { getEbookForViewer } from "~/modules/content/ebooks.server";
import { ebookFormSchema } from "~/modules/content/ebook-form";

const database = appTestDatabase();
let admin: AdminViewer;

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "eb-admin@example.com", role: "admin" }));
});

const form = (fields: Record<string, unknown>) => ebookFormSchema.parse({ title: "Untitled", ...fields });

async function asset(kind: "pdf" | "cover", bucket: "private" | "public") {
  const [row] = await database
    .db()
    .insert(mediaAssets)
    .values({
      kind,
      bucket,
      key: `${kind}s/${crypto.randomUUID()}.bin`,
      contentType: "x/y",
      size: 10,
      pageCount: kind === "pdf" ? 42 : null,
    })
    .returning();
  return row;
}

describe(`ebook admin (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("stores the price in cents, the uploaded PDF with its page count, and empty price as subscription-only", async () => {
    const pdf = await asset("pdf", "private");
    const { id } = await createEbook(
      admin,
      form({ title: "Glow", price: "450.5", accessType: "premium", fileAssetId: pdf.id, published: true }),
    );
    const [row] = await database.db().select().from(ebooks).where(eq(ebooks.id, id));
    expect(row).toMatchObject({
      priceCents: 45050,
      filePath: pdf.key,
      pageCount: 42,
      accessType: "premium",
      published: true,
    });
    expect(await getEbookForEdit(admin, id)).toMatchObject({ price: "450.50", hasFile: true });
    const sub = await createEbook(admin, form({ title: "Members", price: "", accessType: "subscription" }));
    expect((await listEbooksForAdmin(admin)).find((e) => e.id === sub.id)).toMatchObject({
      price: null,
      hasFile: false,
      categories: [],
    });
    expect(ebookFormSchema.safeParse({ title: "x", price: "12.345" }).success).toBe(false);
  });

  it("refuses a file that was not uploaded as a private ebook PDF", async () => {
    const cover = await asset("cover", "public");
    const refused = {
      code: CONTENT_ADMIN_ERRORS.EBOOK_NOT_SAVED.code,
      status: 400,
      message: "Failed to create ebook: Upload the ebook's PDF again",
    };
    await expect(createEbook(admin, form({ fileAssetId: cover.id }))).rejects.toMatchObject(refused);
    await expect(createEbook(admin, form({ fileAssetId: crypto.randomUUID() }))).rejects.toMatchObject(refused);
  });

  it("refuses a save on an outdated copy", async () => {
    const { id } = await createEbook(admin, form({ title: "Draft" }));
    const a = await getEbookForEdit(admin, id);
    const b = await getEbookForEdit(admin, id);
    await updateEbook(admin, id, form({ title: "First", openedVersion: a!.version }));
    await expect(updateEbook(admin, id, form({ title: "Second", openedVersion: b!.version }))).rejects.toMatchObject({
      code: CONTENT_ADMIN_ERRORS.EBOOK_EDIT_CONFLICT.code,
      status: 409,
      message: "Failed to update ebook: Someone saved this ebook after you opened it. Reload to see their version.",
    });
    expect((await getEbookForEdit(admin, id))?.title).toBe("First");
  });

  it("deletes an unsold ebook, and unpublishes a sold one that its buyer keeps", async () => {
    const unsold = await createEbook(admin, form({ title: "Unsold", published: true }));
    expect(await removeEbook(admin, unsold.id)).toBe("deleted");
    await expect(removeEbook(admin, unsold.id)).rejects.toMatchObject({
      code: CONTENT_ADMIN_ERRORS.EBOOK_ALREADY_DELETED.code,
      message: "Failed to delete ebook: it was already deleted",
    });

    const sold = await createEbook(
      admin,
      form({ title: "Sold", price: "300", accessType: "premium", published: true }),
    );
    const buyer = await createUser(database.db(), { email: "eb-buyer@example.com" });
    await createPurchase(database.db(), { userId: buyer.id, ebookId: sold.id });
    expect(await removeEbook(admin, sold.id)).toBe("unpublished");
    expect(await getEbookForViewer({ id: sold.id, viewer: guestViewer() })).toBeNull();
    expect(await getEbookForViewer({ id: sold.id, viewer: await loadViewer(buyer) })).toMatchObject({ title: "Sold" });
  });
});
