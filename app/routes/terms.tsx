import type { Route } from "./+types/terms";
import { metaT, pageMeta } from "~/modules/site/meta";
import { CANCEL_RULE, CARD_RULE, PREPAID_RULE, REMINDER_RULE } from "~/modules/membership/renewal-rules";
import type { RouteFacts } from "~/lib/route-facts";
import { useLocale } from "~/lib/i18n/use-t";
import { TermsSwahili } from "~/components/legal/terms-sw";

export const handle: RouteFacts = { guestPage: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({
    title: t("terms.title"),
    description: t("terms.description"),
    path: "/terms",
    // The card and its words (og-page-cards.server.ts; tests/unit/page-meta.test.ts keeps them equal), written out: the
    // card list stays on the server, not in a chunk of its own that the page would preload.
    image: "/og/page/terms.jpg",
    imageAlt: "Terms of Service: Reading, buying and membership on Nuru. Nuru",
    matches,
  });
};

export default function Terms({ matches }: Route.ComponentProps) {
  const supportEmail = (matches[0].loaderData as { supportEmail: string }).supportEmail;
  // The Swahili text (issue 50): server only, as every Swahili page (components/islands.tsx).
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: hooks keep their order in each build
  if (import.meta.env.SSR && useLocale() === "sw") return <TermsSwahili supportEmail={supportEmail} />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-gray-800">
      <h1 className="font-serif text-4xl font-bold text-gray-900">Terms of Service</h1>
      <p className="mt-2 text-sm text-gray-600">These terms apply to everyone who reads, buys or subscribes on Nuru.</p>

      <h2 className="mt-10 text-xl font-semibold text-brand-700">1. Subscriptions and renewal</h2>
      <p className="mt-2">A membership plan gives access for the period shown on the pricing page. {PREPAID_RULE}</p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        <li>{CARD_RULE}</li>
        <li>{REMINDER_RULE}</li>
        <li>{CANCEL_RULE}</li>
      </ul>

      <h2 className="mt-8 text-xl font-semibold text-brand-700">2. Payments and refunds</h2>
      <p className="mt-2">
        Prices are set in Kenyan shillings and may be shown in your local currency. Payments are non-refundable, except
        for duplicate payments or proven technical errors, which we refund in full once confirmed. A gift nobody has
        claimed yet can be refunded in full if the buyer asks us; once claimed, it is non-refundable like any other
        payment.
      </p>

      <h2 className="mt-8 text-xl font-semibold text-brand-700">3. Cancellation</h2>
      <p className="mt-2">
        You may cancel renewal at any time from My Library. Cancellation only stops future renewals: you keep access
        until the end of the time you paid for. We do not give partial refunds for unused time.
      </p>

      <h2 className="mt-8 text-xl font-semibold text-brand-700">4. Chargebacks</h2>
      <p className="mt-2">
        Please contact us before disputing a payment with your bank or mobile money provider. Chargebacks may lead to
        suspension or termination of your account.
      </p>

      <h2 className="mt-8 text-xl font-semibold text-brand-700">5. Personal use</h2>
      <p className="mt-2">
        Articles and ebooks are licensed to you for personal, non-commercial use only. You may not copy, resell, share
        or publish them. Ebook files may carry your e-mail address and order reference.
      </p>

      <h2 className="mt-8 text-xl font-semibold text-brand-700">6. Health information</h2>
      <p className="mt-2">
        Our content is general wellness information, not medical advice. See a qualified health professional about your
        own situation, and before starting a new diet or exercise plan.
      </p>

      <h2 className="mt-8 text-xl font-semibold text-brand-700">7. Governing law</h2>
      <p className="mt-2">These terms are governed by the laws of Kenya.</p>

      <h2 className="mt-8 text-xl font-semibold text-brand-700">8. Contact</h2>
      <p className="mt-2">
        Questions about these terms or a payment:{" "}
        <a className="text-brand-700 underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
        .
      </p>
    </article>
  );
}
