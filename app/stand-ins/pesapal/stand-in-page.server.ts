// The stand-in's hosted payment page: plain server-rendered HTML, no scripts or external assets, so tests drive it
// with form posts and a keyboard or screen reader user can too.
import { formatMinorUnits } from "~/modules/pricing/money";
import type { StandInOrder, StandInSchedule } from "./stand-in-wire.server";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const PAY_PATH = "/pesapaliframe/PesapalIframe3/Pay";
export const PAGE_PATH = "/pesapaliframe/PesapalIframe3/Index";

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:1rem auto;padding:0 1rem;line-height:1.5}
fieldset{margin:1rem 0;padding:1rem}button{margin:.25rem .25rem 0 0;padding:.5rem 1rem;font-size:1rem}
input{font-size:1rem;padding:.4rem}.error{color:#a00000;font-weight:600}</style></head>
<body><main>${body}</main></body></html>`;
}

export function paymentPage(order: StandInOrder, error?: string): string {
  const action = `${PAY_PATH}?OrderTrackingId=${encodeURIComponent(order.trackingId)}`;
  const amount = formatMinorUnits(order.amountCents, order.currency, "en-KE");
  const alert = error ? `<p class="error" role="alert">${escape(error)}</p>` : "";
  return layout(
    "Pesapal stand-in: pay",
    `<h1>Pay ${escape(amount)}</h1>
<p>${escape(order.description)} (reference ${escape(order.merchantReference)})</p>
<p>Test payment page: no money moves.</p>${alert}
<form method="post" action="${action}">
<fieldset><legend>M-Pesa</legend>
<input type="hidden" name="method" value="mpesa">
<label for="phone">M-Pesa phone number</label><br>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" required placeholder="0712345678"><br>
<button type="submit" name="outcome" value="complete">Complete M-Pesa payment</button>
<button type="submit" name="outcome" value="fail">Fail M-Pesa payment</button>
<button type="submit" name="outcome" value="pending">Leave M-Pesa payment pending</button>
</fieldset></form>
<form method="post" action="${action}">
<fieldset><legend>Card</legend>
<input type="hidden" name="method" value="card">
<p>Test card 4761 7300 0000 0010</p>${recurringOptIn(order)}
<button type="submit" name="outcome" value="complete">Complete card payment</button>
<button type="submit" name="outcome" value="fail">Fail card payment</button>
</fieldset></form>`,
  );
}

/**
 * Pesapal offers recurring card payments when the order has an account_number (cards only: the M-Pesa form has
 * none). With subscription_details the schedule is shown and cannot be changed; without, the buyer picks it.
 */
function recurringOptIn(order: StandInOrder): string {
  if (!order.accountNumber) return "";
  const details = order.subscriptionDetails;
  const schedule = details
    ? `<p>Schedule set by the shop: ${escape(details.frequency.toLowerCase())}, from ${escape(details.startDate)} to ${escape(details.endDate)}.</p>`
    : `<label for="recurring-frequency">How often</label><br>
<select id="recurring-frequency" name="recurringFrequency">
<option value="DAILY">Daily</option><option value="WEEKLY">Weekly</option>
<option value="MONTHLY" selected>Monthly</option><option value="QUARTERLY">Quarterly</option>
<option value="YEARLY">Yearly</option></select><br>
<label for="recurring-start">First charge on (optional)</label><br>
<input id="recurring-start" name="recurringStart" type="date"><br>`;
  return `<fieldset><legend>Recurring payments (account ${escape(order.accountNumber)})</legend>
<input type="checkbox" id="recurring" name="recurring" value="on">
<label for="recurring">Charge this card ${escape(formatMinorUnits(order.amountCents, order.currency, "en-KE"))} on a schedule</label><br>
${schedule}<p>Pesapal e-mails you a link to stop the schedule at any time.</p></fieldset>`;
}

export function closedOrderPage(order: StandInOrder, schedule?: StandInSchedule, notice?: string): string {
  const action = `${PAY_PATH}?OrderTrackingId=${encodeURIComponent(order.trackingId)}`;
  const reverse =
    order.state === "completed"
      ? `<form method="post" action="${action}"><p>Test a chargeback: the shop hears of it by IPN.</p>
<button type="submit" name="outcome" value="reverse">Reverse this payment</button></form>`
      : "";
  const recurring =
    schedule && !schedule.stopped
      ? `<form method="post" action="${action}"><p>Recurring schedule ${escape(schedule.accountNumber)}:
${escape(schedule.frequency.toLowerCase())}, next charge ${escape(new Date(schedule.nextChargeAt).toISOString().slice(0, 10))},
${schedule.charges.length} charged so far.</p>
<button type="submit" name="outcome" value="charge-recurring">Charge the next scheduled payment now</button>
<button type="submit" name="outcome" value="stop-recurring">Stop the schedule</button></form>`
      : schedule
        ? `<p>Recurring schedule ${escape(schedule.accountNumber)} is stopped.</p>`
        : "";
  const status = notice ? `<p role="status">${escape(notice)}</p>` : "";
  return layout(
    "Pesapal stand-in: order closed",
    `<h1>This order is ${escape(order.state)}</h1>${status}<p>It can no longer be paid.</p>${reverse}${recurring}`,
  );
}

export function notFoundPage(): string {
  return layout("Pesapal stand-in: not found", "<h1>Unknown order</h1><p>No order has this tracking id.</p>");
}
