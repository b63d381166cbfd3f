// /admin/gifts: every paid gift with its status (paid, unclaimed, claimed, refunded), a Resend for unclaimed ones and
// a full refund of an unclaimed one through the refund path of the orders (ADR 018, 038).
import { Form, Link } from "react-router";
import type { Route } from "./+types/gifts";
import { adminOf } from "~/modules/access/viewer.server";
import {
  GIFT_STATUS_LABELS,
  listGiftsForAdmin,
  resendGiftForAdmin,
  type GiftStatus,
} from "~/modules/membership/gifts.server";
import { GIFT_REFUND_ERRORS, refundUnclaimedGift } from "~/modules/payments/gift-refunds.server";
import { isRefundError } from "~/modules/payments/refunds.server";
import { adminGiftFormSchema } from "~/modules/membership/gift-form";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusal } from "~/lib/app-error.server";
import { isAppError } from "~/lib/app-error";
import { refusalOf } from "~/lib/action-result";
import { formatDate } from "~/lib/format";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";

export function meta() {
  return [{ title: "Gifts | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

const FILTERS = ["paid", "unclaimed", "claimed", "revoked"] as const satisfies readonly GiftStatus[];

function filterOf(value: string | null): GiftStatus | null {
  return FILTERS.find((status) => status === value) ?? null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const status = filterOf(new URL(request.url).searchParams.get("status"));
  return {
    status,
    gifts: await listGiftsForAdmin(viewer, status),
    filters: FILTERS.map((value) => ({ value, label: GIFT_STATUS_LABELS[value] })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { submission } = await readSubmission(request, adminGiftFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  const form = submission.value;
  if (form.intent === "resend") {
    const outcome = await resendGiftForAdmin(viewer, form.giftId);
    throw await redirectWithToast(
      "/admin/gifts",
      outcome === "sent"
        ? { kind: "success", title: "Gift Sent Again", message: "A new claim link went to the recipient." }
        : { kind: "error", title: "Not Sent", message: "Only an unclaimed gift can be sent again." },
    );
  }
  try {
    const outcome = await refundUnclaimedGift(viewer, form.giftId, form.reason);
    throw await redirectWithToast("/admin/gifts", {
      kind: outcome.kind === "accepted" ? "success" : "error",
      title: outcome.kind === "accepted" ? "Gift Refunded" : "Refund Not Confirmed",
      message:
        outcome.kind === "accepted"
          ? "Pesapal accepted the full refund. The gift's link no longer works and the buyer has been e-mailed."
          : `${outcome.message} See the order for what to do next.`,
    });
  } catch (error) {
    // CASE: not a paid unclaimed gift, or a refund the shop refuses before asking Pesapal -> said above the list.
    if (isRefundError(error) || isAppError(error, GIFT_REFUND_ERRORS.GIFT_NOT_REFUNDABLE)) return refusal(error);
    throw error;
  }
}

const TONES: Record<GiftStatus, string> = {
  claimed: "bg-emerald-50 text-emerald-900",
  unclaimed: "bg-amber-50 text-amber-900",
  paid: "bg-sky-50 text-sky-900",
  revoked: "bg-gray-100 text-gray-800",
  awaiting_payment: "bg-gray-100 text-gray-800",
};

export default function AdminGifts({ loaderData, actionData }: Route.ComponentProps) {
  const { gifts, filters, status } = loaderData;
  const refused = refusalOf(actionData);
  const chip = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
      active ? "border-brand-600 bg-brand-600 text-white" : "border-gray-300 bg-white text-gray-800 hover:bg-rose-50"
    }`;
  return (
    <AdminFrame title="Gifts">
      <p className="text-gray-700">
        Plans and ebooks bought for someone else. A paid gift nobody has claimed can be refunded in full here; a claimed
        one is refunded from its order, which also ends the recipient&apos;s access.
      </p>
      <nav aria-label="Filter gifts" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to="/admin/gifts" className={chip(status === null)}>
              All
            </Link>
          </li>
          {filters.map((filter) => (
            <li key={filter.value}>
              <Link to={`/admin/gifts?status=${filter.value}`} className={chip(status === filter.value)}>
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {refused ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {refused.error.message}
        </p>
      ) : null}
      {gifts.length === 0 ? (
        <p className="mt-6 text-gray-700">No gifts {status ? "with this status" : "yet"}.</p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Gifts">
          {gifts.map((gift) => (
            <li key={gift.id} className="rounded-xl border border-gray-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-gray-900 first-letter:uppercase">{gift.item}</p>
                  <p className="text-sm break-all text-gray-700">
                    From {gift.buyerEmail} to {gift.recipientEmail}
                  </p>
                  <p className="text-sm text-gray-700">
                    <Link to={`/admin/orders/${gift.orderId}`} className="font-medium text-brand-700 underline">
                      {gift.orderReference}
                    </Link>{" "}
                    · bought {formatDate(gift.createdAt)}
                    {gift.deliverOn && gift.status === "paid"
                      ? ` · to be sent ${formatDate(`${gift.deliverOn}T09:00:00Z`)}`
                      : ""}
                    {gift.sentAt ? ` · sent ${formatDate(gift.sentAt)}` : ""}
                    {gift.claimedAt ? ` · claimed ${formatDate(gift.claimedAt)}` : ""}
                  </p>
                </div>
                <span className={`rounded-full px-3 py-1 text-sm font-semibold ${TONES[gift.status]}`}>
                  {gift.statusLabel}
                </span>
              </div>
              {gift.status === "unclaimed" || gift.refundable ? (
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  {gift.status === "unclaimed" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="giftId" value={gift.id} />
                      <button
                        type="submit"
                        className="min-h-11 rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-rose-50"
                      >
                        Resend
                      </button>
                    </Form>
                  ) : null}
                  {gift.refundable ? (
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="refund" />
                      <input type="hidden" name="giftId" value={gift.id} />
                      <label className="text-sm text-gray-800">
                        Reason
                        <input
                          name="reason"
                          maxLength={500}
                          defaultValue="Unclaimed gift"
                          className="mt-1 block min-h-11 w-56 max-w-full rounded-md border border-gray-300 bg-white px-3 text-sm"
                        />
                      </label>
                      <button
                        type="submit"
                        className="min-h-11 rounded-full bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800"
                      >
                        Refund in full
                      </button>
                    </Form>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}
