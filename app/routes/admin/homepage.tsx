import type { Route } from "./+types/homepage";
import { adminOf } from "~/modules/access/viewer.server";
import {
  changeHomeItem,
  HOME_NOUNS,
  homeNotSaved,
  loadHomepageEditors,
  saveFeaturedAd,
  saveHeroSlide,
  saveTestimonial,
  type HomeEditor,
} from "~/modules/home/home-admin.server";
import { homepageActionSchema } from "~/modules/home/home-forms";
import { HOMEPAGE_TABS, homepageTab, type HomepageTab } from "~/modules/home/homepage-tabs";
import { isAppError } from "~/lib/app-error";
import { refusalOf } from "~/lib/action-result";
import { refusal } from "~/lib/app-error.server";
import { firstFormError } from "~/lib/forms";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { FeaturedAdForm, HeroSlidesEditor, TestimonialsEditor } from "~/components/admin/homepage-editors";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useRefusalToast } from "~/components/ui/refusal-toast";

export function meta() {
  return [{ title: "Homepage | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const url = new URL(request.url);
  const editors = await loadHomepageEditors(viewer);
  return { ...editors, tab: homepageTab(url.searchParams.get("tab")), edit: url.searchParams.get("edit") };
}

const TITLE = { slide: "Slide", testimonial: "Testimonial" } as const;
const TAB_OF = { slide: "hero", ad: "ad", testimonial: "testimonials" } as const satisfies Record<
  HomeEditor,
  HomepageTab
>;
const DONE = { delete: "Deleted", up: "Moved", down: "Moved", publish: "Published", unpublish: "Unpublished" };

const back = (tab: HomepageTab) => `/admin/homepage?tab=${tab}`;

/** The editor a post came from (its intent, without "-item"), or null for an unknown form. */
function editorOf(intent: unknown): HomeEditor | null {
  const what = typeof intent === "string" ? intent.replace(/-item$/, "") : "";
  return Object.hasOwn(HOME_NOUNS, what) ? (what as HomeEditor) : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { submission } = await readSubmission(request, homepageActionSchema);
  if (submission.status !== "success") {
    const what = editorOf(submission.payload.intent);
    // CASE: no editor sends this intent (a tampered post) -> the old words: the ad's form, 'unknown form'.
    return refuseForm(submission, {
      error: homeNotSaved(what ?? "ad", what ? firstFormError(submission) : "unknown form"),
    });
  }
  const command = submission.value;
  try {
    if (command.intent === "slide-item" || command.intent === "testimonial-item") {
      const { intent, ...item } = command;
      const what = intent === "slide-item" ? "slide" : "testimonial";
      await changeHomeItem(viewer, what === "slide" ? "hero-slide" : "testimonial", item);
      return redirectWithToast(back(TAB_OF[what]), {
        kind: "success",
        title: `${TITLE[what]} ${DONE[command.command]}`,
      });
    }
    // The intent names the form; it is no field of what is saved (nor of the audit log's changes).
    if (command.intent === "ad") {
      const { intent: _ad, ...ad } = command;
      await saveFeaturedAd(viewer, ad);
      return redirectWithToast(back(TAB_OF.ad), { kind: "success", title: "Featured Ad Saved" });
    }
    const what = command.intent;
    let change: "created" | "updated";
    if (command.intent === "slide") {
      const { intent: _slide, ...slide } = command;
      change = await saveHeroSlide(viewer, slide);
    } else {
      const { intent: _testimonial, ...testimonial } = command;
      change = await saveTestimonial(viewer, testimonial);
    }
    return redirectWithToast(back(TAB_OF[what]), {
      kind: "success",
      title: `${TITLE[what]} ${change === "created" ? "Created" : "Updated"}`,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refusal(error);
  }
}

export default function AdminHomepage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, edit } = loaderData;
  const toast = useRefusalToast(actionData);
  // A refused form comes back with what was typed; only the editor that sent it (by its intent) shows it.
  const refused = refusalOf(actionData)?.form;
  const lastResult = (intent: string) => (refused?.initialValue?.intent === intent ? refused : null);
  return (
    <AdminFrame title="Homepage">
      <LazyToast toast={toast} />
      <AdminTabs
        label="Homepage sections"
        divided
        tabs={HOMEPAGE_TABS.map((t) => ({ to: back(t.id), label: t.label, current: t.id === tab }))}
      />
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
