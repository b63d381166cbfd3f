import { MpesaDirect } from "~/components/admin/order/mpesa-direct";
import { mpesaEvidenceFor } from "~/modules/payments/mpesa-payments.server";
import { Link } from "react-router";
import type { Route } from "./+types/order";
import { appErrorResponse, refusal } from "~/lib/app-error.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import type { AdminViewer } from "~/modules/access/policy";
import { adminOf } from "~/modules/access/viewer.server";
import { grantSubscriptionByHand, isGrantError } from "~/modules/membership/admin-grants.server";
import { orderPageFormSchema, PESAPAL_FINAL_STATUSES } from "~/modules/orders/admin-order-forms";
import { ADMIN_ORDER_ERRORS, invalidOrderForm, refusedOrderCommand } from "~/modules/orders/admin-order-refusals";
import type { OrderStatus } from "~/modules/orders/order-transitions";
import { getOrderForAdmin, ORDER_STATUS_LABELS } from "~/modules/payments/admin-orders.server";
import {
  handGrantToast,
  paymentCheckToast,
  refundToast,
  settledRefundToast,
} from "~/modules/payments/admin-order-toasts";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { checkRefund, isRefundError, recordRefundOutcome, refundOrder } from "~/modules/payments/refunds.server";
import { providerOfOrder } from "~/modules/payments/payment-provider.server";
import { providerWords } from "~/modules/payments/provider-words";
import { kesToCents } from "~/modules/pricing/money";
import { redirectWithToast } from "~/modules/site/flash.server";
import { deliveryWords, smsForOrder, smsStateWords } from "~/modules/sms/sms-reads.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { HandGrants } from "~/components/admin/order/hand-grants";
import { MoneyActivity } from "~/components/admin/order/money-activity";
import { RefusalToast } from "~/components/admin/order/order-form-results";
import { OrderGrants } from "~/components/admin/order/order-grants";
import { OrderRefunds } from "~/components/admin/order/order-refunds";
import { OrderSms } from "~/components/admin/order/order-sms";
import { OrderSummary } from "~/components/admin/order/order-summary";
import { PesapalPayments } from "~/components/admin/order/pesapal-payments";
import { StatusHistory } from "~/components/admin/order/status-history";

// One order for the admin (ADR 018): its facts, what Pesapal said, what it granted, and the money actions on it
// (refund, a refund's unknown outcome, a check with Pesapal, a period granted by hand). Every action reloads the page
// with a toast; a refusal answers in the one shape (`refusal` / `refuseForm`) and the form keeps what was typed.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Order ${loaderData?.order.reference ?? ""} | Admin | Nuru` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const details = await getOrderForAdmin(admin, params.id);
  if (!details) throw appErrorResponse("ORDER_NOT_FOUND");
  const sms = (await smsForOrder(admin, details.order.id)).map((m) => ({
    id: m.id,
    to: m.to,
    body: m.body,
    state: smsStateWords(m),
    delivery: deliveryWords(m),
    attempts: m.attempts,
    providerMessageId: m.providerMessageId,
    cost: m.cost,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
    deliveredAt: m.deliveredAt?.toISOString() ?? null,
  }));
  return { ...details, sms, mpesa: await mpesaEvidenceFor(admin, params.id), statusLabels: ORDER_STATUS_LABELS };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { form, submission } = await readSubmission(request, orderPageFormSchema);
  if (submission.status !== "success") {
    return refuseForm(submission, { error: invalidOrderForm(form.get("intent"), submission) });
  }
  const command = submission.value;
  const here = `/admin/orders/${params.id}`;
  if (command.intent === "check-payment") return checkPayment(viewer, params.id, here);
  // The toasts name the provider that took this order (Pesapal, or M-Pesa direct's reversal).
  const words = providerWords((await providerOfOrder(params.id)).name);
  try {
    switch (command.intent) {
      case "refund": {
        const { mode, amount, reason } = command;
        const amountCents = mode === "full" ? "full" : kesToCents(amount!);
        // The attempt is recorded whatever Pesapal says, so the page reloads to show it.
        throw await redirectWithToast(
          here,
          refundToast(await refundOrder(viewer, { orderId: params.id, amount: amountCents, reason }), words),
        );
      }
      case "check-refund":
        throw await redirectWithToast(here, settledRefundToast(await checkRefund(command.refundId, viewer), words));
      case "record-refund": {
        const { refundId, outcome, note } = command;
        const recorded = await recordRefundOutcome(viewer, { refundId, refunded: outcome === "refunded", note });
        throw await redirectWithToast(here, settledRefundToast(recorded, words));
      }
      case "grant": {
        const details = await getOrderForAdmin(viewer, params.id);
        if (!details) throw appErrorResponse("ORDER_NOT_FOUND");
        const { userId, id: orderId, email } = details.order;
        const { planId, months, reason } = command;
        const period = await grantSubscriptionByHand(viewer, { userId, planId, months, reason, orderId });
        throw await redirectWithToast(here, handGrantToast(email, period));
      }
    }
  } catch (error) {
    const refused = moduleRefusal(error);
    if (!refused) throw error;
    return refusal(refusedOrderCommand(command.intent, refused), {
      form: submission.reply({ formErrors: [refused] }),
    });
  }
}

/**
 * The words of a refund or grant module's refusal (REFUND_ERRORS, GRANT_ERRORS), or null for anything else (a
 * redirect, a failure): the form's own title and status then answer it.
 */
function moduleRefusal(error: unknown): string | null {
  return isRefundError(error) || isGrantError(error) ? error.message : null;
}

/** What `npm run reconcile` asks for when Pesapal disagrees: the one verification door, run now (ADR 027). */
async function checkPayment(viewer: AdminViewer, orderId: string, here: string) {
  const details = await getOrderForAdmin(viewer, orderId);
  if (!details) throw appErrorResponse("ORDER_NOT_FOUND");
  const { trackingId, status } = details.order;
  if (!trackingId) return refusal(ADMIN_ORDER_ERRORS.ADMIN_ORDER_NEVER_AT_PESAPAL);
  if (PESAPAL_FINAL_STATUSES.includes(status)) return refusal(ADMIN_ORDER_ERRORS.ADMIN_ORDER_FINAL);
  const result = await verifyPayment({ trackingId, source: "admin" });
  if (result.kind !== "checked") return refusal(ADMIN_ORDER_ERRORS.ADMIN_ORDER_PESAPAL_UNREACHABLE);
  throw await redirectWithToast(here, paymentCheckToast(result));
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, history, payments, grants, refunds, handGrants, activity, plans, refund, statusLabels, sms } =
    loaderData;
  const label = (status: string | null) => (status ? (statusLabels[status as OrderStatus] ?? status) : "—");
  return (
    <AdminFrame title={`Order ${order.reference}`}>
      <RefusalToast actionData={actionData} />
      <p>
        <Link to="/admin/orders" className="text-sm font-semibold text-brand-700 underline">
          Back to Orders
        </Link>
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <OrderSummary order={order} label={label} />
        <StatusHistory history={history} label={label} />
        <PesapalPayments payments={payments} label={label} />
        <OrderGrants grants={grants} />
        <OrderSms sms={sms} />
        {loaderData.mpesa ? <MpesaDirect evidence={loaderData.mpesa} /> : null}
      </div>
      <OrderRefunds gateway={order.gateway} refunds={refunds} refund={refund} actionData={actionData} />
      <HandGrants email={order.email} handGrants={handGrants} plans={plans} actionData={actionData} />
      <MoneyActivity activity={activity} />
    </AdminFrame>
  );
}
