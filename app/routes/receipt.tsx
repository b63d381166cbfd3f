import { data, Link } from "react-router";
import type { Route } from "./+types/receipt";
import { requireUser } from "~/modules/access/viewer.server";
import { getReceipt, receiptLines } from "~/modules/receipts/receipts.server";
import { PrintButton } from "~/components/commerce/print-button";
import type { RouteFacts } from "~/lib/route-facts";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import accountScript from "~/islands/account-page.ts?worker&url";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
import { localeFromPath } from "~/lib/locale";
import { metaT } from "~/modules/site/meta";

// An islands page (ADR 045): rendered by the server only; account-page.ts shows and wires the Print button. Also at
// /sw/receipts/:id (issue 50, route id sw/receipts): the same loader, every word in Swahili.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: loaderData
        ? t("receipts.page.metaTitle", { reference: loaderData.receipt.reference })
        : `${t("receipts.page.title")} | Nuru`,
    },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const locale = localeFromPath(new URL(request.url).pathname);
  const receipt = await getReceipt(user.id, params.id, locale);
  // Another reader's order, an unpaid one or an unknown id all look the same.
  if (!receipt) throw data(null, { status: 404 });
  return { receipt, lines: receiptLines(receipt, locale) };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, lines } = loaderData;
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const localHref = useLocalHref();
  return (
    <div data-receipt className="mx-auto max-w-2xl px-4 py-10">
      <p data-print-hidden className="mb-4">
        <Link to={localHref("/dashboard")} className="text-sm font-semibold text-brand-700 underline">
          {t("receipts.page.back")}
        </Link>
      </p>
      <article className="rounded-2xl border border-gray-200 bg-white p-6 sm:p-8 print:border-0 print:p-0">
        <p className="font-serif text-3xl font-bold text-brand-700">{receipt.shop.name}</p>
        <h1 className="mt-1 text-xl font-semibold text-gray-900">{t("receipts.page.title")}</h1>
        <dl className="mt-6 divide-y divide-gray-100 text-sm">
          {lines.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[9rem_1fr] gap-3 py-2">
              <dt className="font-semibold text-gray-800">{label}</dt>
              <dd className="min-w-0 text-gray-900 wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-xs text-gray-700">
          {receipt.shop.name} · {receipt.shop.url} · {receipt.shop.supportEmail}
          <br />
          {t("receipts.page.footer")}
        </p>
      </article>
      <div data-print-hidden className="mt-6 flex flex-wrap gap-3">
        <PrintButton hidden={islands} label={t("receipts.page.print")} />
        <a
          href={localHref(`/receipts/${receipt.orderId}/pdf`)}
          download
          className="inline-flex min-h-11 items-center rounded-full border border-brand-600 px-5 font-semibold text-brand-700 hover:bg-rose-50"
        >
          {t("receipts.page.pdf")}
        </a>
      </div>
      {islands ? <script type="module" src={accountScript} nonce={nonce} /> : null}
    </div>
  );
}
