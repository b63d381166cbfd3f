// The Daraja stand-in's phone (ADR 043), outside production only: the M-Pesa prompts waiting on a number, answered
// with Approve, Wrong PIN, Cancel or Ignore (and the other documented answers), and a Paybill form that pays by hand
// and sends the shop a C2B confirmation. It drives the stand-in over HTTP exactly as Safaricom would call the shop.
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/dev-phone";
import { getEnv } from "~/lib/env.server";
import { readForm } from "~/lib/read-form.server";
import { loadStandIns } from "~/lib/stand-ins.server";
import { getDaraja, paybillDetails } from "~/modules/payments/daraja-gateway.server";
import { normalizeMpesaPhone } from "~/modules/payments/mpesa-phone";

async function standIn() {
  const standIns = loadStandIns();
  if (getEnv().isProduction || !standIns) throw data(null, { status: 404 });
  // Starts the local stand-in when the shop has not used Daraja yet (no keys set).
  await getDaraja().catch(() => null);
  return (await standIns).localDaraja();
}

export async function loader({ request }: Route.LoaderArgs) {
  const running = await standIn();
  const typed = new URL(request.url).searchParams.get("phone") ?? "";
  const phone = normalizeMpesaPhone(typed);
  const daraja = running ? await running : null;
  const prompts = daraja && phone ? daraja.prompts(phone).filter((p) => !p.ignored) : [];
  return {
    available: Boolean(daraja),
    typed,
    phone,
    businessNumber: paybillDetails().businessNumber,
    prompts: prompts.map((p) => ({
      id: p.checkoutRequestId,
      amount: p.amount,
      to: p.businessName,
      account: p.accountReference,
      answered: p.result ? `${p.result.code} ${p.result.desc}` : null,
      callbacks: p.callbacksSent,
    })),
  };
}

const ANSWERS = ["approve", "wrong-pin", "cancel", "no-funds", "no-answer"] as const;

export async function action({ request }: Route.ActionArgs) {
  const running = await standIn();
  if (!running) throw data(null, { status: 404 });
  const daraja = await running;
  const form = await readForm(request);
  const intent = String(form.get("intent"));
  const phone = String(form.get("phone") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "paybill") {
      const amount = Number(form.get("amount"));
      if (!Number.isInteger(amount) || amount < 1) return { paid: null, reason: "enter the amount in whole shillings" };
      const result = await daraja.payBill({
        businessNumber: String(form.get("business") ?? "").trim(),
        accountNumber: String(form.get("account") ?? "").trim(),
        amount,
        phone: normalizeMpesaPhone(phone) ?? "254700000000",
      });
      return { paid: result.receipt, reason: result.reason };
    }
    const delivery = String(form.get("delivery") ?? "once");
    if (intent === "ignore") daraja.ignore(id);
    else if (intent === "late-callback") await daraja.deliverCallback(id);
    else if (intent === "expire-tokens") daraja.expireTokens();
    else if ((ANSWERS as readonly string[]).includes(intent)) {
      await daraja.answer(
        id,
        intent as (typeof ANSWERS)[number],
        delivery === "twice" || delivery === "never" ? delivery : "once",
      );
    }
  } catch (error) {
    // CASE: a prompt answered twice (two tabs), or one that is gone -> the page shows it as it is now.
    console.warn(`/dev/phone: ${String(error)}`);
  }
  return redirect(`/dev/phone?phone=${encodeURIComponent(phone)}`, 303);
}

export function meta() {
  return [{ title: "Dev phone | Nuru" }, { name: "robots", content: "noindex" }];
}

const small = "min-h-11 rounded-full px-4 py-2 font-semibold";

export default function DevPhone({ loaderData, actionData }: Route.ComponentProps) {
  const { prompts, phone, typed } = loaderData;
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">Dev phone</h1>
      <p className="mt-1 text-sm text-gray-700">
        The local M-Pesa stand-in&apos;s phone. Prompts the shop sent to a number, and Paybill by hand.
      </p>
      {!loaderData.available ? (
        <p className="mt-4 text-gray-800">Daraja keys are set: prompts go to a real phone, not here.</p>
      ) : null}
      <Form method="get" className="mt-4 flex items-end gap-2">
        <label className="flex-1">
          <span className="block font-semibold text-gray-900">Phone number</span>
          <PhoneInput typed={typed} />
        </label>
        <button type="submit" className={`${small} bg-brand-600 text-white`}>
          Show prompts
        </button>
      </Form>
      {phone ? (
        <section aria-labelledby="prompts" className="mt-6">
          <h2 id="prompts" className="font-semibold text-gray-900">
            Prompts on {phone}
          </h2>
          {prompts.length === 0 ? <p className="mt-2 text-gray-700">No prompt on this phone.</p> : null}
          <ul className="mt-2 space-y-3">
            {prompts.map((p) => (
              <li key={p.id} className="rounded-2xl border border-gray-300 p-4" data-testid="phone-prompt">
                <p className="font-semibold text-gray-900">
                  Pay KSh {p.amount} to {p.to}, account {p.account}?
                </p>
                {p.answered ? (
                  <>
                    <p className="mt-1 text-sm text-gray-700">
                      Answered: {p.answered} ({p.callbacks} callback{p.callbacks === 1 ? "" : "s"} sent)
                    </p>
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="id" value={p.id} />
                      <input type="hidden" name="phone" value={phone} />
                      <button name="intent" value="late-callback" className={`${small} border border-gray-500`}>
                        Send the callback (again)
                      </button>
                    </Form>
                  </>
                ) : (
                  <Form method="post" className="mt-2 space-y-2">
                    <input type="hidden" name="id" value={p.id} />
                    <input type="hidden" name="phone" value={phone} />
                    <label className="block text-sm text-gray-800">
                      Callback{" "}
                      <select name="delivery" className="rounded border border-gray-400">
                        <option value="once">once</option>
                        <option value="twice">twice</option>
                        <option value="never">never (the shop must query)</option>
                      </select>
                    </label>
                    <div className="flex flex-wrap gap-2">
                      <button name="intent" value="approve" className={`${small} bg-emerald-700 text-white`}>
                        Approve
                      </button>
                      <button name="intent" value="wrong-pin" className={`${small} border border-gray-500`}>
                        Wrong PIN
                      </button>
                      <button name="intent" value="cancel" className={`${small} border border-gray-500`}>
                        Cancel
                      </button>
                      <button name="intent" value="ignore" className={`${small} border border-gray-500`}>
                        Ignore
                      </button>
                      <button name="intent" value="no-funds" className={`${small} border border-gray-500`}>
                        Not enough money
                      </button>
                      <button name="intent" value="no-answer" className={`${small} border border-gray-500`}>
                        No answer (1037)
                      </button>
                    </div>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="paybill" className="mt-8 rounded-2xl border border-gray-300 p-4">
        <h2 id="paybill" className="font-semibold text-gray-900">
          Lipa na M-Pesa: Pay Bill
        </h2>
        {actionData && "paid" in actionData ? (
          <p role="status" className="mt-2 text-gray-900" data-testid="paybill-result">
            {actionData.paid ? `Paid. M-Pesa code ${actionData.paid}.` : `Not paid: ${actionData.reason}.`}
          </p>
        ) : null}
        <Form method="post" className="mt-2 grid gap-2">
          <input type="hidden" name="intent" value="paybill" />
          <label>
            Business number
            <input
              name="business"
              defaultValue={loaderData.businessNumber}
              className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 px-3"
            />
          </label>
          <label>
            Account number
            <input name="account" className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 px-3" />
          </label>
          <label>
            Amount (KSh)
            <input
              name="amount"
              inputMode="numeric"
              className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 px-3"
            />
          </label>
          <label>
            Your phone
            <PhoneInput typed={typed} />
          </label>
          <button type="submit" className={`${small} bg-brand-600 text-white`}>
            Pay
          </button>
        </Form>
      </section>
      <Form method="post" className="mt-6">
        <input type="hidden" name="phone" value={typed} />
        <button name="intent" value="expire-tokens" className={`${small} border border-gray-500`}>
          Expire Daraja tokens now
        </button>
      </Form>
    </div>
  );
}

function PhoneInput({ typed }: { typed: string }) {
  return (
    <input
      name="phone"
      type="tel"
      defaultValue={typed}
      className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 px-3"
    />
  );
}
