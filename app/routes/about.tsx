import { Link } from "react-router";
import type { Route } from "./+types/about";
import { metaT, pageMeta } from "~/modules/site/meta";
import type { RouteFacts } from "~/lib/route-facts";
import { useLocale } from "~/lib/i18n/use-t";
import { AboutSwahili } from "~/components/legal/about-sw";

export const handle: RouteFacts = { guestPage: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({
    title: t("about.title"),
    description: t("about.description"),
    path: "/about",
    // The card and its words (og-page-cards.server.ts; tests/unit/page-meta.test.ts keeps them equal), written out: the
    // card list stays on the server, not in a chunk of its own that the page would preload.
    image: "/og/page/about.jpg",
    imageAlt: "About Nuru: Honest wellness guides for women, from Nairobi. Nuru",
    matches,
  });
};

export default function About() {
  // The Swahili text (issue 50): server only, as every Swahili page (components/islands.tsx); the browser's build
  // keeps the English below and nothing else.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: hooks keep their order in each build
  if (import.meta.env.SSR && useLocale() === "sw") return <AboutSwahili />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-serif text-4xl font-bold text-gray-900">About Nuru</h1>
      <p className="mt-4 text-lg text-gray-700">
        Nuru means light in Swahili. We publish practical, kind and medically careful guides on weight, body confidence,
        breast health and skin care, written for the lives women in Kenya actually live.
      </p>

      <section id="mission" aria-labelledby="mission-title" className="mt-12 scroll-mt-24">
        <h2 id="mission-title" className="text-2xl font-semibold text-brand-700">
          Our mission
        </h2>
        <p className="mt-3 text-gray-700">
          Every woman deserves wellness advice that fits her kitchen, her budget and her schedule. Our writers and
          reviewers turn sound nutrition and fitness knowledge into plans built around sukuma wiki and githeri, a matatu
          commute and a busy household, not imported diets and expensive gym memberships.
        </p>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-gray-700">
          <li>Honest guidance with no miracle promises, and a clear word on when to see a doctor.</li>
          <li>Free articles for everyone, and deeper guides for members who want to go further.</li>
          <li>Prices in shillings, paid by M-Pesa or card, with fair regional prices for readers abroad.</li>
        </ul>
      </section>

      <section id="story" aria-labelledby="story-title" className="mt-12 scroll-mt-24">
        <h2 id="story-title" className="text-2xl font-semibold text-brand-700">
          Our story
        </h2>
        <p className="mt-3 text-gray-700">
          Nuru began in Nairobi as a WhatsApp group of friends swapping meal plans and walking routes. The questions
          kept coming: how to lose the baby weight safely, how to gain weight without junk food, how to check our
          breasts, how to care for our skin in the sun. We started writing the answers down, and readers started sharing
          them.
        </p>
        <p className="mt-3 text-gray-700">
          Today Nuru is a small team of writers, a nutritionist and editors publishing articles and ebooks for women
          across Kenya and the diaspora. Your membership keeps the lights on and the writing independent.
        </p>
      </section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link
          to="/articles"
          className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Read our articles
        </Link>
        <Link
          to="/pricing"
          className="rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-rose-50"
        >
          See membership plans
        </Link>
      </div>
    </div>
  );
}
