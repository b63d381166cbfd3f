import { Link } from "react-router";
import type { Route } from "./+types/landing";
import { pageMeta } from "~/modules/site/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Nuru",
    description:
      "Wellness articles and ebooks for women: weight loss and gain, flat tummy, hips and glutes, breast health, skin and beauty. Read free, or join for more.",
    path: "/",
    matches,
  });

const TOPICS = [
  { name: "Weight Loss", slug: "weight-loss" },
  { name: "Hips & Glutes", slug: "hips-glutes" },
  { name: "Breast Health & Confidence", slug: "breast-health-confidence" },
  { name: "Flat Tummy & Lower Belly", slug: "flat-tummy-lower-belly" },
  { name: "Weight Gain", slug: "weight-gain" },
  { name: "Skin & Beauty", slug: "skin-beauty" },
];

export default function Landing() {
  return (
    <div>
      <section className="bg-gradient-to-br from-rose-50 via-white to-amber-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-2xl font-serif text-4xl font-bold text-gray-900 sm:text-5xl">
            Feel strong, healthy and confident in your own skin
          </h1>
          <p className="mt-4 max-w-xl text-lg text-gray-700">
            Practical wellness and beauty guides written for Kenyan women: real food, real schedules, no miracle
            promises.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/articles"
              className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
            >
              Start reading
            </Link>
            <Link
              to="/pricing"
              className="rounded-full border border-brand-600 bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-rose-50"
            >
              See plans
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="topics-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="topics-title" className="text-2xl font-semibold text-gray-900">
          Explore by topic
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {TOPICS.map((t) => (
            <li key={t.slug}>
              <Link
                to={`/category/${t.slug}`}
                className="block rounded-xl border border-rose-100 bg-white p-4 font-medium text-gray-800 shadow-sm hover:border-brand-500 hover:text-brand-700"
              >
                {t.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
