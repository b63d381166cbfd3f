import { lazy, Suspense, useRef, useState } from "react";
import type { Editor } from "@tiptap/react";
import type { AssistTarget } from "~/components/admin/ai-assistant";
import { useFetcher, useNavigation } from "react-router";
import {
  AdminEditorForm,
  AccessTypeSelect,
  LanguageSelect,
  TranslationSelect,
  CategoryChoices,
  checkboxRow,
  useUnsavedChangesWarning,
} from "~/components/admin/admin-form-parts";
import type { Route } from "./+types/article-edit";
import { adminOf } from "~/modules/access/viewer.server";
import {
  categoryChoices,
  createArticle,
  getArticleForEdit,
  translationChoices,
  updateArticle,
} from "~/modules/content/article-admin.server";
import { previewBodyBlocks } from "~/modules/content/article-html.server";
import {
  ARTICLE_FORM_BODY_LIMIT,
  ARTICLE_LIMITS,
  articleEditorSchema,
  articleFormSchema,
  contentModeOf,
} from "~/modules/content/article-form";
import { CONTENT_ADMIN_ERRORS, notSaved } from "~/modules/content/content-admin-errors";
import { isAppError } from "~/lib/app-error";
import { refusalOf } from "~/lib/action-result";
import { appErrorResponse } from "~/lib/app-error.server";
import { useSchemaForm, firstFormError } from "~/lib/forms";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { articleSendOf, drainMailQueueSoon, queueArticleSend } from "~/modules/member-mail/member-queue.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { FieldError, TextAreaField, TextField } from "~/components/forms/fields";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useRefusalToast } from "~/components/ui/refusal-toast";
import { UploadButton } from "~/components/admin/upload-button";
import { ArticlePreview, MailOnPublish, TagsField } from "~/components/admin/article-editor-parts";
import { assistTarget } from "~/components/admin/assist-target";
import { SubmitButton } from "~/components/ui/submit-button";
import type { RouteFacts } from "~/lib/route-facts";

export const handle: RouteFacts = { formBodyLimit: ARTICLE_FORM_BODY_LIMIT };

const RichEditor = lazy(() => import("~/components/admin/rich-editor"));
const AiAssistant = lazy(() => import("~/components/admin/ai-assistant").then((m) => ({ default: m.AiAssistant })));

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.article ? "Edit Article" : "New Article"} | Admin | Nuru` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const [article, categories, mailed, translations] = await Promise.all([
    params.id ? getArticleForEdit(viewer, params.id) : null,
    categoryChoices(viewer),
    params.id ? articleSendOf(params.id) : null,
    translationChoices(viewer, params.id ?? null),
  ]);
  if (params.id && !article) throw appErrorResponse("ARTICLE_NOT_FOUND");
  return { article, categories, mailed, translations };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const editing = Boolean(params.id);
  const { submission } = await readSubmission(request, articleEditorSchema);
  if (submission.status !== "success") {
    const reason =
      submission.payload.intent === "preview" ? "the preview could not be made" : firstFormError(submission);
    return refuseForm(submission, { error: notSaved("article", editing, reason) });
  }
  if (submission.value.intent === "preview") return { ok: true as const, preview: previewBodyBlocks(submission.value) };
  // The intent names the post; it is no field of the article (nor of the audit log's changes).
  const { intent: _save, ...command } = submission.value;

  let articleId = params.id;
  try {
    if (params.id) await updateArticle(viewer, params.id, command);
    else articleId = (await createArticle(viewer, command)).id;
  } catch (error) {
    // CASE: someone saved in between, or the article is gone -> her text stays in the form, the reason above it.
    if (!isAppError(error)) throw error;
    return refuseForm(submission, { error, formErrors: [error.message] });
  }
  // Published with a mail choice: queued for its readers (once per article) and sent in the background.
  const { mailOnPublish, published } = command;
  const mailed =
    published && mailOnPublish !== "none" && articleId
      ? await queueArticleSend(viewer, articleId, mailOnPublish)
      : null;
  if (mailed) void drainMailQueueSoon();
  return redirectWithToast("/admin/articles", {
    kind: "success",
    title: editing ? "Article Updated" : "Article Created",
    message: mailed
      ? `E-mail queued for ${mailed.queued} ${mailed.queued === 1 ? "reader" : "readers"}: progress in Member mail.`
      : undefined,
  });
}

export default function ArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { article, categories } = loaderData;
  const navigation = useNavigation();
  const preview = useFetcher<typeof action>();
  const result = refusalOf(actionData)?.form;
  const [form, fields] = useSchemaForm(articleFormSchema, {
    id: "article",
    lastResult: result,
    defaultValue: {
      title: article?.title ?? "",
      excerpt: article?.excerpt ?? "",
      metaDescription: article?.metaDescription ?? "",
      imageUrl: article?.imageUrl ?? "",
      videoUrl: article?.videoUrl ?? "",
    },
  });
  // A refused save answers with what was sent (submission.reply()): a page rendered from it keeps the text typed.
  const sent = result?.initialValue?.content;
  const initialContent = typeof sent === "string" ? sent : (article?.content ?? "");
  const [mode, setMode] = useState<"rich" | "plain">(contentModeOf(initialContent));
  const [content, setContent] = useState(initialContent);
  const [dirty, setDirty] = useState(false);
  const [showPreview, setShowPreview] = useState(false);
  const [assisting, setAssisting] = useState<AssistTarget | null>(null);
  const [language, setLanguage] = useState<string>(article?.language ?? "en");
  const editorRef = useRef<Editor | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const previewBlocks = preview.data?.ok ? preview.data.preview : null;
  const saveToast = useRefusalToast(actionData);
  const previewToast = useRefusalToast(preview.data);
  const toast = saveToast ?? previewToast;

  useUnsavedChangesWarning(dirty, saving);

  const showPreviewNow = () => {
    const body = new FormData();
    body.set("intent", "preview");
    body.set("contentMode", mode);
    body.set("content", content);
    body.set("videoUrl", (document.getElementById(fields.videoUrl.id) as HTMLInputElement | null)?.value ?? "");
    setShowPreview(true);
    void preview.submit(body, { method: "post" });
  };

  return (
    <AdminFrame title={article ? "Edit Article" : "New Article"}>
      <LazyToast toast={toast} />
      <AdminEditorForm
        form={form}
        backTo="/admin/articles"
        backLabel="Back to Articles"
        openedVersion={article?.version}
        setDirty={setDirty}
      >
        <TextField meta={fields.title} label="Title" maxLength={ARTICLE_LIMITS.title} />

        <fieldset>
          <legend id="content-label" className="text-sm font-medium text-gray-800">
            Content
          </legend>
          <input type="hidden" name="contentMode" value={mode} />
          <div role="radiogroup" aria-label="Editor" className="mt-1 flex gap-4 text-sm">
            {(["rich", "plain"] as const).map((m) => (
              <label key={m} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="editorMode" checked={mode === m} onChange={() => setMode(m)} />
                {m === "rich" ? "Rich editor" : "Plain text"}
              </label>
            ))}
          </div>
          {mode === "rich" ? (
            <Suspense
              fallback={
                <div className="mt-1 min-h-[190px] rounded-md border border-gray-300 p-3 text-gray-600">
                  Loading the editor...
                </div>
              }
            >
              <RichEditor
                name="content"
                initialHtml={content}
                labelledBy="content-label"
                editorRef={editorRef}
                onChange={(html) => {
                  setContent(html);
                  setDirty(true);
                }}
              />
            </Suspense>
          ) : (
            <textarea
              ref={textareaRef}
              name="content"
              aria-labelledby="content-label"
              value={content}
              onChange={(e) => setContent(e.target.value)}
              rows={12}
              className="mt-1 min-h-[150px] w-full rounded-md border border-gray-300 px-3 py-2 font-mono text-sm"
            />
          )}
          <FieldError meta={fields.content} />
        </fieldset>

        <TextAreaField meta={fields.excerpt} label="Excerpt" rows={3} maxLength={ARTICLE_LIMITS.excerpt} />
        <TextAreaField
          meta={fields.metaDescription}
          label="Meta description"
          hint="Shown by search engines and when the article is shared."
          rows={2}
          maxLength={ARTICLE_LIMITS.metaDescription}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <TextField
              meta={fields.imageUrl}
              label="Image URL"
              type="url"
              required={false}
              hint="An https:// link to the cover image."
            />
            <UploadButton
              kind="image"
              label="Upload image"
              accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
              maxMb={50}
              onUploaded={(asset) => {
                form.update({ name: fields.imageUrl.name, value: asset.url ?? "" });
                setDirty(true);
              }}
            />
          </div>
          <TextField
            meta={fields.videoUrl}
            label="Video URL"
            type="url"
            required={false}
            hint="YouTube or Vimeo; shown before the text."
          />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <AccessTypeSelect id="article-access-type" defaultValue={article?.accessType ?? "free"} />
          <LanguageSelect id="article-language" defaultValue={article?.language ?? "en"} onChange={setLanguage} />
          <TranslationSelect
            id="article-translation"
            language={language}
            defaultValue={article?.translationId ?? ""}
            choices={loaderData.translations}
          />
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">Visibility</legend>
            <label className={checkboxRow}>
              <input
                type="checkbox"
                name="published"
                // A refused save keeps her choice (a page rendered without scripts starts from what she sent).
                defaultChecked={
                  result?.initialValue ? result.initialValue.published === "on" : (article?.published ?? false)
                }
              />{" "}
              Published
            </label>
            <label className={checkboxRow}>
              <input type="checkbox" name="isFeatured" defaultChecked={article?.isFeatured ?? false} /> Featured
            </label>
            <label className={checkboxRow}>
              <input type="checkbox" name="isMustRead" defaultChecked={article?.isMustRead ?? false} /> Must read
            </label>
          </fieldset>
        </div>

        <MailOnPublish mailed={loaderData.mailed} />

        <CategoryChoices
          categories={categories}
          checked={article?.categoryIds ?? []}
          error={fields.categoryIds.errors?.[0]}
        />

        <TagsField initial={article?.tags ?? []} error={fields.tags.errors?.[0]} />

        {refusalOf(actionData)?.error.code === CONTENT_ADMIN_ERRORS.ARTICLE_PICTURES_WITHOUT_ALT.code ? (
          // Warned before publishing (issue 46; the form's message above names the pictures): she describes them, or
          // confirms here and saves again.
          <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900">
            <p>Some pictures have no description. Describe them, or publish as it is:</p>
            <label className={`${checkboxRow} mt-2 font-semibold`}>
              <input type="checkbox" name="publishWithoutAlt" /> Publish without descriptions
            </label>
          </div>
        ) : null}

        <div className="flex flex-wrap gap-3 border-t border-gray-100 pt-4">
          <SubmitButton busy={saving} busyLabel="Saving..." label={article ? "Update Article" : "Create Article"} />
          <button
            type="button"
            onClick={() =>
              setAssisting(
                assistTarget(mode, editorRef.current, textareaRef.current, (v) => {
                  setContent(v);
                  setDirty(true);
                }),
              )
            }
            className="min-h-11 rounded-full border border-violet-700 px-5 font-semibold text-violet-800 hover:bg-violet-50"
          >
            AI Assistant
          </button>
          <button
            type="button"
            onClick={showPreviewNow}
            className="min-h-11 rounded-full border border-brand-600 px-5 font-semibold text-brand-700 hover:bg-rose-50"
          >
            Preview
          </button>
        </div>
      </AdminEditorForm>
      {assisting ? (
        <Suspense fallback={null}>
          <AiAssistant target={assisting} onClose={() => setAssisting(null)} />
        </Suspense>
      ) : null}
      {showPreview && previewBlocks ? (
        <ArticlePreview blocks={previewBlocks} onClose={() => setShowPreview(false)} />
      ) : null}
    </AdminFrame>
  );
}
