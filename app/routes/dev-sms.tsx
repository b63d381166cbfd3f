import { data } from "react-router";
import type { Route } from "./+types/dev-sms";
import { getEnv } from "~/lib/env.server";
import { loadStandIns } from "~/lib/stand-ins.server";

// The development SMS outbox (issue 49): every SMS the local Africa's Talking stand-in took, to whom, its status
// code and the delivery report it posted back. Nothing reaches a phone.
export async function loader() {
  const standIns = loadStandIns();
  if (getEnv().isProduction || !standIns) throw data(null, { status: 404 });
  const m = await standIns;
  return { messages: await m.readSmsOutbox(), numbers: m.STAND_IN_NUMBERS };
}

export function meta() {
  return [{ title: "Dev SMS outbox | Nuru" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const NUMBER_WORDS: Record<string, string> = {
  queued: "102 Queued, then delivered",
  invalid: "403 InvalidPhoneNumber",
  blacklisted: "406 UserInBlacklist",
  serverError: "HTTP 500 every time",
  slow: "answers too late (timeout)",
  absent: "sent, then delivery Failed (AbsentSubscriber)",
  noReport: "sent, no delivery report",
};

export default function DevSms({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Dev SMS outbox</h1>
      <p className="mt-1 text-sm text-gray-700">
        SMS taken by the local Africa&apos;s Talking stand-in while no AT keys are set. Newest first; this process only.
      </p>
      {loaderData.messages.length === 0 ? <p className="mt-6 text-gray-700">No SMS yet.</p> : null}
      <ol className="mt-6 space-y-4">
        {loaderData.messages.map((sms) => (
          <li
            key={`${sms.messageId}-${sms.at}`}
            className="rounded-xl border border-gray-200 p-4"
            data-testid="outbox-sms"
          >
            <p className="text-sm text-gray-600">
              To <span data-testid="sms-to">+{sms.to}</span> · {new Date(sms.at).toLocaleString("en-GB")}
              {sms.from ? ` · from ${sms.from}` : ""}
            </p>
            <p className="mt-1 text-sm font-semibold text-gray-900" data-testid="sms-status">
              {sms.statusCode} {sms.status}
              {sms.deliveryStatus ? ` · delivery ${sms.deliveryStatus}` : ""}
              {sms.reportAnswer ? ` (report answered ${sms.reportAnswer})` : ""}
            </p>
            <p className="mt-2 font-mono text-sm break-all whitespace-pre-wrap text-gray-800" data-testid="sms-text">
              {sms.body}
            </p>
            <p className="mt-1 text-xs text-gray-600">
              {sms.body.length} characters · {sms.cost}
            </p>
          </li>
        ))}
      </ol>
      <h2 className="mt-10 text-lg font-semibold text-gray-900">Numbers that behave on purpose</h2>
      <ul className="mt-2 space-y-1 text-sm text-gray-800">
        {Object.entries(loaderData.numbers).map(([key, number]) => (
          <li key={key}>
            <span className="font-mono">{number}</span> ({`0${number.slice(3)}`}): {NUMBER_WORDS[key] ?? key}
          </li>
        ))}
        <li>Any other number: 101 Success, then delivered.</li>
      </ul>
    </div>
  );
}
