// Payment methods (ADR 043): M-Pesa through Pesapal's page or M-Pesa direct (Daraja); cards always through Pesapal.
// Which keys are set is shown by name, never by value.
import { Form, Link } from "react-router";
import type { Route } from "./+types/payment-methods";
import { adminOf } from "~/modules/access/viewer.server";
import { readForm } from "~/lib/read-form.server";
import {
  chooseMpesaProvider,
  paymentSettingsFor,
  registerPaybillUrls,
} from "~/modules/payments/payment-settings.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";

export function meta() {
  return [{ title: "Payment methods | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return paymentSettingsFor(adminOf(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const form = await readForm(request);
  try {
    if (form.get("intent") === "register") {
      await registerPaybillUrls(admin);
      throw await redirectWithToast("/admin/orders/payment-methods", {
        kind: "success",
        title: "Paybill Registered",
        message: "Safaricom now sends Paybill payments by hand to this shop.",
      });
    }
    await chooseMpesaProvider(admin, form.get("mpesa") === "daraja" ? "daraja" : "pesapal");
  } catch (error) {
    if (error instanceof Response) throw error;
    return { error: error instanceof Error ? error.message : String(error) };
  }
  throw await redirectWithToast("/admin/orders/payment-methods", {
    kind: "success",
    title: "Saved",
    message: "The checkout offers M-Pesa the way you chose.",
  });
}

const DARAJA_WORDS = {
  production: "Safaricom production: real money.",
  sandbox: "Safaricom's sandbox: test money only.",
  "stand-in": "The local stand-in (no Daraja keys; development only). Its phone is /dev/phone.",
  "not configured": "Not configured: set the four Daraja keys to offer M-Pesa direct.",
} as const;

export default function PaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminFrame title="Payment methods">
      <p className="text-sm">
        <Link to="/admin/orders" className="font-semibold text-brand-700 underline">
          Back to Orders
        </Link>
      </p>
      <Form method="post" className="mt-4 max-w-xl space-y-3 rounded-2xl border border-rose-100 bg-white p-4">
        <fieldset>
          <legend className="font-semibold text-gray-900">M-Pesa payments go through</legend>
          <label className="mt-2 flex items-start gap-3">
            <input
              type="radio"
              name="mpesa"
              value="pesapal"
              defaultChecked={loaderData.mpesa === "pesapal"}
              className="mt-1 h-5 w-5"
            />
            <span>Pesapal&apos;s page (she picks M-Pesa there)</span>
          </label>
          <label className="mt-2 flex items-start gap-3">
            <input
              type="radio"
              name="mpesa"
              value="daraja"
              defaultChecked={loaderData.mpesa === "daraja"}
              className="mt-1 h-5 w-5"
            />
            <span>M-Pesa direct: a prompt on her phone and your Paybill (Safaricom Daraja)</span>
          </label>
        </fieldset>
        <p className="text-sm text-gray-700">Cards always go through Pesapal.</p>
        {actionData?.error ? (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white">
          Save
        </button>
      </Form>
      <section aria-labelledby="daraja-mode" className="mt-6 max-w-xl">
        <h2 id="daraja-mode" className="font-semibold text-gray-900">
          M-Pesa direct
        </h2>
        <p className="mt-1 text-gray-800" data-testid="daraja-mode">
          {DARAJA_WORDS[loaderData.daraja]}
        </p>
        {loaderData.daraja === "not configured" ? null : (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="register" />
            <button
              type="submit"
              className="min-h-11 rounded-full border border-brand-600 px-5 font-semibold text-brand-700"
            >
              Register the Paybill confirmation address with Safaricom
            </button>
          </Form>
        )}
      </section>
      <section aria-labelledby="keys" className="mt-6 max-w-xl">
        <h2 id="keys" className="font-semibold text-gray-900">
          Keys (set in the server&apos;s environment)
        </h2>
        <ul className="mt-2 divide-y divide-gray-200 text-sm">
          {loaderData.keys.map((key) => (
            <li key={key.name} className="flex justify-between py-2" data-testid="payment-key">
              <code className="font-mono">{key.name}</code>
              <span className={key.set ? "font-semibold text-emerald-800" : "text-gray-700"}>
                {key.set ? "Set" : "Not set"}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </AdminFrame>
  );
}
