import { data } from "react-router";
import type { Route } from "./+types/receipt-pdf";
import { requireUser } from "~/modules/access/viewer.server";
import { getReceipt, receiptPdf } from "~/modules/receipts/receipts.server";
import { localeFromPath } from "~/lib/locale";

/** The receipt as a PDF, for its buyer only; in Swahili at /sw/receipts/:id/pdf (issue 50, route id sw/receipts-pdf). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const locale = localeFromPath(new URL(request.url).pathname);
  const receipt = await getReceipt(user.id, params.id, locale);
  if (!receipt) throw data("Receipt not found.", { status: 404 });
  const pdf = await receiptPdf(receipt, locale);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="nuru-receipt-${receipt.reference.replace(/[^\w-]/g, "")}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
