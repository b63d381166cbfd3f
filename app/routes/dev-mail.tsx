import { data } from "react-router";
import type { Route } from "./+types/dev-mail";
import { getEnv } from "~/lib/env.server";
import { loadStandIns } from "~/lib/stand-ins.server";

// The development outbox: every mail the shop sent, so sign-up and reset work without a mail server.
export async function loader() {
  const standIns = loadStandIns();
  if (getEnv().isProduction || !standIns) throw data(null, { status: 404 });
  return { mails: await (await standIns).readOutbox() };
}

export function meta() {
  return [{ title: "Dev outbox | Nuru" }, { name: "robots", content: "noindex" }];
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part} className="break-all text-brand-700 underline">
        {part}
      </a>
    ) : (
      <span key={i}>{part}</span>
    ),
  );
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Dev outbox</h1>
      <p className="mt-1 text-sm text-gray-700">Mail sent while no SMTP server is configured. Newest first.</p>
      {loaderData.mails.length === 0 ? <p className="mt-6 text-gray-700">No mail yet.</p> : null}
      <ol className="mt-6 space-y-4">
        {loaderData.mails.map((mail) => (
          <li key={mail.id} className="rounded-xl border border-gray-200 p-4" data-testid="outbox-mail">
            <p className="text-sm text-gray-600">
              To <span data-testid="mail-to">{mail.to}</span> · {new Date(mail.createdAt).toLocaleString("en-GB")}
            </p>
            <h2 className="mt-1 font-semibold text-gray-900">{mail.subject}</h2>
            {mail.headerLines.length ? (
              <details className="mt-2" open>
                <summary className="cursor-pointer text-sm font-semibold text-gray-800">Headers as sent</summary>
                <pre
                  className="mt-1 overflow-x-auto text-xs break-all whitespace-pre-wrap text-gray-700"
                  data-testid="mail-headers"
                >
                  {mail.headerLines.join("\n")}
                </pre>
              </details>
            ) : null}
            {mail.headerLines.length ? (
              <a
                href={`/dev/mail/${mail.id}.eml`}
                download
                className="mt-2 inline-block text-sm text-brand-700 underline"
                data-testid="mail-raw"
              >
                Download the raw message (.eml)
              </a>
            ) : null}
            <pre className="mt-2 font-sans text-sm whitespace-pre-wrap text-gray-800" data-testid="mail-text">
              {linkify(mail.text)}
            </pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
