import { data, Link } from "react-router";
import type { Route } from "./+types/homepage";
import { adminOf } from "~/modules/access/viewer.server";
import {
  changeHomeItem,
  loadHomepageEditors,
  saveFeaturedAd,
  saveHeroSlide,
  saveTestimonial,
} from "~/modules/home/home-admin.server";
import { featuredAdSchema, heroSlideSchema, homeItemCommandSchema, testimonialSchema } from "~/modules/home/home-forms";
import { HOMEPAGE_TABS, homepageTab, type HomepageTab } from "~/modules/home/homepage-tabs";
import { AppError } from "~/lib/app-error";
import { parseForm, firstFormError } from "~/lib/forms";
import { readForm } from "~/lib/read-form.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { FeaturedAdForm, HeroSlidesEditor, TestimonialsEditor } from "~/components/admin/homepage-editors";
import { LazyToast } from "~/components/ui/lazy-toast";

export function meta() {
  return [{ title: "Homepage | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const url = new URL(request.url);
  const editors = await loadHomepageEditors(viewer);
  return { ...editors, tab: homepageTab(url.searchParams.get("tab")), edit: url.searchParams.get("edit") };
}

const NOUN = { slide: "slide", ad: "featured ad", testimonial: "testimonial" } as const;
const TITLE = { slide: "Slide", testimonial: "Testimonial" } as const;
const TAB_OF = { slide: "hero", ad: "ad", testimonial: "testimonials" } as const satisfies Record<
  keyof typeof NOUN,
  HomepageTab
>;
const DONE = { delete: "Deleted", up: "Moved", down: "Moved", publish: "Published", unpublish: "Unpublished" };

const back = (tab: HomepageTab) => `/admin/homepage?tab=${tab}`;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const target = intent.replace(/-item$/, "");
  if (!Object.hasOwn(NOUN, target)) return data({ intent, result: null, toast: failure("ad", "unknown form") }, 400);
  const what = target as keyof typeof NOUN;

  try {
    if (intent.endsWith("-item") && what !== "ad") {
      const parsed = homeItemCommandSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message);
      await changeHomeItem(viewer, what === "slide" ? "hero-slide" : "testimonial", parsed.data);
      return redirectWithToast(back(TAB_OF[what]), {
        kind: "success",
        title: `${TITLE[what]} ${DONE[parsed.data.command]}`,
      });
    }
    const schema = { slide: heroSlideSchema, ad: featuredAdSchema, testimonial: testimonialSchema }[what];
    const submission = parseForm(form, schema);
    if (submission.status !== "success") {
      const first = firstFormError(submission);
      return data({ intent, result: submission.reply(), toast: failure(what, first) }, 400);
    }
    const change =
      what === "slide"
        ? await saveHeroSlide(viewer, submission.value as never)
        : what === "ad"
          ? await saveFeaturedAd(viewer, submission.value as never)
          : await saveTestimonial(viewer, submission.value as never);
    const title =
      what === "ad" ? "Featured Ad Saved" : `${TITLE[what]} ${change === "created" ? "Created" : "Updated"}`;
    return redirectWithToast(back(TAB_OF[what]), { kind: "success", title });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ intent, result: null, toast: failure(what, error.payload.message) }, { status: error.status });
  }
}

function failure(what: keyof typeof NOUN, message: string) {
  return { kind: "error" as const, title: "Error", message: `Failed to save ${NOUN[what]}: ${message}` };
}

export default function AdminHomepage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, edit } = loaderData;
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : null);
  return (
    <AdminFrame title="Homepage">
      <LazyToast toast={actionData?.toast ?? null} />
      <nav aria-label="Homepage sections">
        <ul className="flex flex-wrap gap-2 border-b border-gray-200 pb-3 text-sm font-semibold">
          {HOMEPAGE_TABS.map((t) => (
            <li key={t.id}>
              <Link
                to={back(t.id)}
                aria-current={t.id === tab ? "page" : undefined}
                className={`block min-h-11 rounded-full px-4 py-3 leading-5 ${t.id === tab ? "bg-gray-900 text-white" : "bg-gray-100 text-gray-900 hover:bg-gray-200"}`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        {tab === "hero" ? (
          <HeroSlidesEditor slides={loaderData.slides} edit={edit} lastResult={lastResult("slide")} />
        ) : tab === "testimonials" ? (
          <TestimonialsEditor
            testimonials={loaderData.testimonials}
            edit={edit}
            lastResult={lastResult("testimonial")}
          />
        ) : (
          <FeaturedAdForm ad={loaderData.ad} ebooks={loaderData.ebookChoices} lastResult={lastResult("ad")} />
        )}
      </div>
    </AdminFrame>
  );
}
