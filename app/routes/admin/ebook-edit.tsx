import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import {
  AccessTypeSelect,
  CategoryChoices,
  checkboxRow,
  useUnsavedChangesWarning,
} from "~/components/admin/admin-form-parts";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/ebook-edit";
import { adminOf } from "~/modules/access/viewer.server";
import { categoryChoices } from "~/modules/content/article-admin.server";
import { createEbook, getEbookForEdit, updateEbook } from "~/modules/content/ebook-admin.server";
import { EBOOK_LIMITS, ebookFormSchema } from "~/modules/content/ebook-form";
import {
  getTextEditionForAdmin,
  reExtractTextEdition,
  setTextEditionEnabled,
  type AdminTextEdition,
} from "~/modules/reader/text-edition.server";
import { AppError } from "~/lib/app-error";
import { appErrorResponse } from "~/lib/app-error.server";
import { parseForm, useSchemaForm, firstFormError } from "~/lib/forms";
import { readForm } from "~/lib/read-form.server";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { UploadButton } from "~/components/admin/upload-button";
import { FieldError, TextAreaField, TextField } from "~/components/forms/fields";
import { LazyToast } from "~/components/ui/lazy-toast";
import { SubmitButton } from "~/components/ui/submit-button";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.ebook ? "Edit Ebook" : "New Ebook"} | Admin | Nuru` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const [ebook, categories] = await Promise.all([
    params.id ? getEbookForEdit(viewer, params.id) : null,
    categoryChoices(viewer),
  ]);
  if (params.id && !ebook) throw appErrorResponse("EBOOK_NOT_FOUND");
  const textEdition = ebook?.hasFile ? await getTextEditionForAdmin(viewer, ebook.id) : null;
  return { ebook, categories, textEdition, pdfMaxMb: getEnv().UPLOAD_PDF_MAX_MB };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const editing = Boolean(params.id);
  const failure = (message: string) => ({
    kind: "error" as const,
    title: "Error",
    message: `Failed to ${editing ? "update" : "create"} ebook: ${message}`,
  });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (params.id && (intent === "text-extract" || intent === "text-switch")) {
    const back = `/admin/ebooks/${params.id}`;
    if (intent === "text-switch") {
      const enabled = form.get("enabled") === "on";
      await setTextEditionEnabled(viewer, params.id, enabled);
      return redirectWithToast(back, { kind: "success", title: enabled ? "Text edition on" : "Text edition off" });
    }
    const outcome = await reExtractTextEdition(viewer, params.id);
    return redirectWithToast(
      back,
      outcome === "ready"
        ? { kind: "success", title: "Text edition extracted again" }
        : { kind: "error", title: "Error", message: "The PDF's text could not be extracted." },
    );
  }
  const submission = parseForm(form, ebookFormSchema);
  if (submission.status !== "success") {
    const first = firstFormError(submission);
    return data({ result: submission.reply(), toast: failure(first) }, 400);
  }
  try {
    if (params.id) await updateEbook(viewer, params.id, submission.value);
    else await createEbook(viewer, submission.value);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data(
      { result: submission.reply({ formErrors: [error.payload.message] }), toast: failure(error.payload.message) },
      { status: error.status },
    );
  }
  return redirectWithToast("/admin/ebooks", { kind: "success", title: editing ? "Ebook Updated" : "Ebook Created" });
}

export default function EbookEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { ebook, categories, pdfMaxMb } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ebookFormSchema, {
    id: "ebook",
    lastResult: actionData?.result,
    defaultValue: {
      title: ebook?.title ?? "",
      description: ebook?.description ?? "",
      coverImageUrl: ebook?.coverImageUrl ?? "",
      // Spec: a new ebook starts at 0; empty means subscription-only.
      price: ebook ? ebook.price : "0",
    },
  });
  const [pdf, setPdf] = useState<{ id: string; pages: number | null } | null>(null);
  const [cover, setCover] = useState(ebook?.coverImageUrl ?? "");
  const [dirty, setDirty] = useState(false);
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";

  useUnsavedChangesWarning(dirty, saving);

  return (
    <AdminFrame title={ebook ? "Edit Ebook" : "New Ebook"}>
      <LazyToast toast={actionData?.toast ?? null} />
      <Link to="/admin/ebooks" className="text-sm font-medium text-brand-700 hover:underline">
        Back to Ebooks
      </Link>
      <Form
        method="post"
        {...getFormProps(form)}
        onInput={() => setDirty(true)}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (!event.defaultPrevented) setDirty(false);
        }}
        className="mt-4 space-y-5 rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6"
      >
        {ebook ? <input type="hidden" name="openedVersion" value={ebook.version} /> : null}
        {pdf ? <input type="hidden" name="fileAssetId" value={pdf.id} /> : null}
        {form.errors?.length ? (
          <p role="alert" className="rounded-md bg-red-700 p-3 text-sm text-white">
            {form.errors[0]}
          </p>
        ) : null}
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
      </Form>
      {ebook && loaderData.textEdition ? <TextEditionPanel edition={loaderData.textEdition} /> : null}
    </AdminFrame>
  );
}

/** The text edition made from the PDF, for a look before publishing: its sections, its first pages, and switches. */
function TextEditionPanel({ edition }: { edition: AdminTextEdition }) {
  const button =
    "inline-flex min-h-11 items-center rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50";
  return (
    <section
      aria-labelledby="text-edition-title"
      className="mt-6 rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="text-edition-title" className="text-lg font-semibold text-gray-900">
        Text edition
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {edition.state === "ready"
          ? `Made from the PDF: ${edition.toc.length} sections. ${
              edition.enabled
                ? "Readers can switch to it (on phones it opens first)."
                : "Off: readers get the PDF only."
            }`
          : edition.state === "failed"
            ? (edition.error ?? "The PDF's text could not be extracted.")
            : "Not made yet."}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="text-extract" />
          <button type="submit" className={button}>
            Re-extract from the PDF
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
