import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import {
  AdminEditorForm,
  AccessTypeSelect,
  LanguageSelect,
  TranslationSelect,
  CategoryChoices,
  checkboxRow,
  useUnsavedChangesWarning,
} from "~/components/admin/admin-form-parts";
import type { Route } from "./+types/ebook-edit";
import { adminOf } from "~/modules/access/viewer.server";
import { categoryChoices } from "~/modules/content/article-admin.server";
import {
  createEbook,
  ebookTranslationChoices,
  getEbookForEdit,
  updateEbook,
} from "~/modules/content/ebook-admin.server";
import { EBOOK_FORM_BODY_LIMIT, EBOOK_LIMITS, ebookEditorSchema, ebookFormSchema } from "~/modules/content/ebook-form";
import { notSaved } from "~/modules/content/content-admin-errors";
import {
  getTextEditionForAdmin,
  reExtractTextEdition,
  setTextEditionEnabled,
  type AdminTextEdition,
} from "~/modules/reader/text-edition.server";
import { isAppError } from "~/lib/app-error";
import { refusalOf } from "~/lib/action-result";
import { appErrorResponse } from "~/lib/app-error.server";
import { useSchemaForm, firstFormError } from "~/lib/forms";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { UploadButton } from "~/components/admin/upload-button";
import { UPLOAD_KINDS } from "~/modules/storage/uploads.server";
import { FieldError, TextAreaField, TextField } from "~/components/forms/fields";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useRefusalToast } from "~/components/ui/refusal-toast";
import { SubmitButton } from "~/components/ui/submit-button";
import type { RouteFacts } from "~/lib/route-facts";

export const handle: RouteFacts = { formBodyLimit: EBOOK_FORM_BODY_LIMIT };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.ebook ? "Edit Ebook" : "New Ebook"} | Admin | Nuru` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const [ebook, categories, translations] = await Promise.all([
    params.id ? getEbookForEdit(viewer, params.id) : null,
    categoryChoices(viewer),
    ebookTranslationChoices(viewer, params.id ?? null),
  ]);
  if (params.id && !ebook) throw appErrorResponse("EBOOK_NOT_FOUND");
  const textEdition = ebook?.hasFile || ebook?.hasEpub ? await getTextEditionForAdmin(viewer, ebook.id) : null;
  return {
    ebook,
    categories,
    translations,
    textEdition,
    pdfMaxMb: getEnv().UPLOAD_PDF_MAX_MB,
    epubMaxMb: UPLOAD_KINDS.epub.maxMb,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const editing = Boolean(params.id);
  const { submission } = await readSubmission(request, ebookEditorSchema);
  if (submission.status !== "success")
    return refuseForm(submission, { error: notSaved("ebook", editing, firstFormError(submission)) });
  const command = submission.value;
  if (command.intent !== "save") {
    // CASE: the text edition's buttons on a new ebook (a tampered post) -> nothing to act on.
    if (!params.id) throw appErrorResponse("EBOOK_NOT_FOUND");
    const back = `/admin/ebooks/${params.id}`;
    if (command.intent === "text-switch") {
      await setTextEditionEnabled(viewer, params.id, command.enabled);
      return redirectWithToast(back, {
        kind: "success",
        title: command.enabled ? "Text edition on" : "Text edition off",
      });
    }
    const requested = await reExtractTextEdition(viewer, params.id);
    return redirectWithToast(
      back,
      requested
        ? { kind: "success", title: "Text edition: preparing…", message: "It is made again in the background." }
        : { kind: "error", title: "Error", message: "This ebook has no PDF or EPUB to make a text edition from." },
    );
  }
  // The intent names the post; it is no field of the ebook (nor of the audit log's changes).
  const { intent: _save, ...ebook } = command;
  let textEdition: boolean;
  try {
    if (params.id) ({ textEdition } = await updateEbook(viewer, params.id, ebook));
    else ({ textEdition } = await createEbook(viewer, ebook));
  } catch (error) {
    // CASE: someone saved in between, an upload is gone, or the ebook is -> what was typed stays in the form.
    if (!isAppError(error)) throw error;
    return refuseForm(submission, { error, formErrors: [error.message] });
  }
  return redirectWithToast("/admin/ebooks", {
    kind: "success",
    title: editing ? "Ebook Updated" : "Ebook Created",
    // The text edition is made by a job, so the save answers at once (ADR 032).
    ...(textEdition ? { message: "Text edition: preparing…" } : {}),
  });
}

export default function EbookEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { ebook, categories, pdfMaxMb, epubMaxMb } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ebookFormSchema, {
    id: "ebook",
    lastResult: refusalOf(actionData)?.form,
    defaultValue: {
      title: ebook?.title ?? "",
      description: ebook?.description ?? "",
      coverImageUrl: ebook?.coverImageUrl ?? "",
      // Spec: a new ebook starts at 0; empty means subscription-only.
      price: ebook ? ebook.price : "0",
    },
  });
  const [pdf, setPdf] = useState<{ id: string; pages: number | null } | null>(null);
  const [epub, setEpub] = useState<string | null>(null);
  const [cover, setCover] = useState(ebook?.coverImageUrl ?? "");
  const [dirty, setDirty] = useState(false);
  const [language, setLanguage] = useState<string>(ebook?.language ?? "en");
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const toast = useRefusalToast(actionData);

  useUnsavedChangesWarning(dirty, saving);

  return (
    <AdminFrame title={ebook ? "Edit Ebook" : "New Ebook"}>
      <LazyToast toast={toast} />
      <AdminEditorForm
        form={form}
        backTo="/admin/ebooks"
        backLabel="Back to Ebooks"
        openedVersion={ebook?.version}
        setDirty={setDirty}
      >
        {pdf ? <input type="hidden" name="fileAssetId" value={pdf.id} /> : null}
        {epub ? <input type="hidden" name="epubAssetId" value={epub} /> : null}
        <TextField meta={fields.title} label="Title" maxLength={EBOOK_LIMITS.title} />
        <TextAreaField meta={fields.description} label="Description" rows={4} maxLength={EBOOK_LIMITS.description} />

        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <TextField
              meta={fields.coverImageUrl}
              label="Cover image"
              required={false}
              hint="Upload a cover, or paste an https:// link."
            />
            <UploadButton
              kind="cover"
              label="Upload cover"
              accept="image/jpeg,image/png,image/webp,image/avif"
              maxMb={10}
              onUploaded={(asset) => {
                form.update({ name: fields.coverImageUrl.name, value: asset.url ?? "" });
                setCover(asset.url ?? "");
                setDirty(true);
              }}
            />
            {cover ? (
              <img
                src={cover}
                alt="Cover preview"
                width="120"
                height="160"
                className="mt-2 h-40 w-30 rounded-md object-cover"
              />
            ) : null}
          </div>
          <div>
            <p className="block text-sm font-medium text-gray-800">Ebook PDF</p>
            <p className="mt-1 text-sm text-gray-700" aria-live="polite">
              {pdf
                ? `New PDF ready${pdf.pages ? `: ${pdf.pages} pages` : ""}. It replaces the file when you save.`
                : ebook?.hasFile
                  ? `A PDF is attached${ebook.pageCount ? ` (${ebook.pageCount} pages)` : ""}. Upload another to replace it.`
                  : "No PDF yet."}
            </p>
            <UploadButton
              kind="pdf"
              label="Upload PDF"
              accept="application/pdf"
              maxMb={pdfMaxMb}
              onUploaded={(asset) => {
                setPdf({ id: asset.id, pages: asset.pageCount });
                setDirty(true);
              }}
            />
            <FieldError meta={fields.fileAssetId} />
          </div>
        </div>

        <div>
          <p className="block text-sm font-medium text-gray-800">EPUB for the text edition (optional)</p>
          <p className="mt-1 text-sm text-gray-700" aria-live="polite">
            {epub
              ? "New EPUB ready. The text edition is made from it when you save."
              : ebook?.hasEpub
                ? "An EPUB is attached: the text edition is made from it, not from the PDF."
                : "Without one, the text edition is made from the PDF."}
          </p>
          <UploadButton
            kind="epub"
            label="Upload EPUB"
            accept="application/epub+zip,.epub"
            maxMb={epubMaxMb}
            onUploaded={(asset) => {
              setEpub(asset.id);
              setDirty(true);
            }}
          />
          <FieldError meta={fields.epubAssetId} />
          {ebook?.hasEpub && !epub ? (
            <label className={checkboxRow}>
              <input type="checkbox" name="removeEpub" /> Remove the EPUB (make the text edition from the PDF)
            </label>
          ) : null}
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.price}
            label="Price (KES)"
            type="text"
            inputMode="decimal"
            required={false}
            hint="Leave empty for subscription-only"
          />
          {/* Spec: free in a new form; premium when editing an ebook without one. */}
          <AccessTypeSelect id="ebook-access-type" defaultValue={ebook ? (ebook.accessType ?? "premium") : "free"} />
          <LanguageSelect id="ebook-language" defaultValue={ebook?.language ?? "en"} onChange={setLanguage} />
          <TranslationSelect
            id="ebook-translation"
            language={language}
            defaultValue={ebook?.translationId ?? ""}
            choices={loaderData.translations}
          />
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Options</legend>
          <label className={checkboxRow}>
            <input type="checkbox" name="downloadable" defaultChecked={ebook?.downloadable ?? false} /> Downloadable
          </label>
          <label className={checkboxRow}>
            <input type="checkbox" name="published" defaultChecked={ebook?.published ?? false} /> Published
          </label>
        </fieldset>

        <CategoryChoices categories={categories} checked={ebook?.categoryIds ?? []} />

        <div className="border-t border-gray-100 pt-4">
          <SubmitButton busy={saving} busyLabel="Saving..." label={ebook ? "Update Ebook" : "Create Ebook"} />
        </div>
      </AdminEditorForm>
      {ebook && loaderData.textEdition ? <TextEditionPanel edition={loaderData.textEdition} /> : null}
    </AdminFrame>
  );
}

/** How often the page asks again while the text edition is being prepared (admins only; the page works without). */
const PREPARING_POLL_MS = 3_000;

/** The text edition, for a look before publishing: its state, its sections, its first pages, and switches. */
function TextEditionPanel({ edition }: { edition: AdminTextEdition }) {
  const revalidator = useRevalidator();
  const preparing = edition.state === "preparing";
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, PREPARING_POLL_MS);
    return () => clearInterval(timer);
  }, [preparing, revalidator]);
  const from = edition.source === "epub" ? "the EPUB" : "the PDF";
  const button =
    "inline-flex min-h-11 items-center rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50";
  const status =
    edition.state === "preparing"
      ? "Preparing…"
      : edition.state === "failed"
        ? "Failed"
        : edition.state === "ready"
          ? edition.enabled
            ? "Ready for review"
            : "Off"
          : "Not made yet";
  return (
    <section
      aria-labelledby="text-edition-title"
      className="mt-6 rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="text-edition-title" className="text-lg font-semibold text-gray-900">
        Text edition: <span data-testid="text-edition-state">{status}</span>
      </h2>
      <p className="mt-1 text-sm text-gray-700" aria-live="polite">
        {edition.state === "ready"
          ? `Made from ${from}: ${edition.toc.length} sections. ${
              edition.enabled
                ? "Readers can switch to it (on phones it opens first)."
                : "Off: readers get the PDF only."
            }`
          : edition.state === "preparing"
            ? `Being made from ${from} in the background; this page updates when it is done.${
                edition.error ? ` The last attempt failed (${edition.error}); it is tried again shortly.` : ""
              }`
            : edition.state === "failed"
              ? (edition.error ?? `The text of ${from} could not be extracted.`)
              : "Not made yet."}
      </p>
      {preparing ? (
        <p className="mt-2 text-sm">
          <Link to="." reloadDocument className="font-medium text-brand-700 underline">
            Check again
          </Link>
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="text-extract" />
            <button type="submit" className={button}>
              {edition.source === "epub" ? "Make again from the EPUB" : "Re-extract from the PDF"}
            </button>
          </Form>
          {edition.state === "ready" ? (
            <Form method="post" reloadDocument>
              <input type="hidden" name="intent" value="text-switch" />
              <input type="hidden" name="enabled" value={edition.enabled ? "off" : "on"} />
              <button type="submit" className={button}>
                {edition.enabled ? "Turn text edition off" : "Turn text edition on"}
              </button>
            </Form>
          ) : null}
        </div>
      )}
      {edition.state === "ready" ? (
        <>
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-semibold text-gray-900">Sections</summary>
            <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm text-gray-800">
              {edition.toc.map((entry, index) => (
                <li key={index}>
                  {entry.title} <span className="text-gray-600">({entry.chars.toLocaleString("en")} characters)</span>
                </li>
              ))}
            </ol>
          </details>
          <h3 className="mt-4 text-sm font-semibold text-gray-900">How it reads (the first sections)</h3>
          <div
            data-testid="text-edition-preview"
            // Focusable, so a keyboard can scroll the preview.
            tabIndex={0}
            role="region"
            aria-label="Text edition preview"
            className="text-edition mt-2 max-h-96 overflow-y-auto rounded-xl border border-gray-200 p-4 font-serif text-lg leading-relaxed text-gray-900"
          >
            {edition.preview.map((section, index) => (
              <div key={index} dangerouslySetInnerHTML={{ __html: section.blocks.join("") }} />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
