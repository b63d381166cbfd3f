import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from "react";
import type { Editor } from "@tiptap/react";
import type { AssistTarget } from "~/components/admin/ai-assistant";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import {
  AccessTypeSelect,
  CategoryChoices,
  checkboxRow,
  useUnsavedChangesWarning,
} from "~/components/admin/admin-form-parts";
import { getFormProps } from "@conform-to/react";
import { z } from "zod";
import type { Route } from "./+types/article-edit";
import { adminOf } from "~/modules/access/viewer.server";
import {
  categoryChoices,
  createArticle,
  getArticleForEdit,
  updateArticle,
} from "~/modules/content/article-admin.server";
import { previewBodyBlocks, type BodyBlock } from "~/modules/content/article-html.server";
import { ARTICLE_LIMITS, articleFormSchema, cleanTags, contentModeOf } from "~/modules/content/article-form";
import { AppError } from "~/lib/app-error";
import { appErrorResponse } from "~/lib/app-error.server";
import { parseForm, useSchemaForm, firstFormError } from "~/lib/forms";
import { readForm } from "~/lib/read-form.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { articleSendOf, drainMailQueueSoon, queueArticleSend } from "~/modules/mail/member-queue.server";
import { AUDIENCES } from "~/modules/mail/member-mail-form";
import { AdminFrame } from "~/components/admin/admin-frame";
import { ArticleBody } from "~/components/content/article-body";
import { FieldError, TextAreaField, TextField } from "~/components/forms/fields";
import { LazyToast } from "~/components/ui/lazy-toast";
import { UploadButton } from "~/components/admin/upload-button";
import { SubmitButton } from "~/components/ui/submit-button";

const RichEditor = lazy(() => import("~/components/admin/rich-editor"));
const AiAssistant = lazy(() => import("~/components/admin/ai-assistant").then((m) => ({ default: m.AiAssistant })));

const escapeHtml = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Suggested plain text as editor paragraphs. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("");

/**
 * What the assistant works on and where its suggestion goes: the editor's selection, or all of it when nothing is
 * selected. "replace" puts the suggestion in place of that text, "insert" below it. In the rich editor either is
 * one change, so one Undo restores the article.
 */
function assistTarget(
  mode: "rich" | "plain",
  editor: Editor | null,
  textarea: HTMLTextAreaElement | null,
  setContent: (v: string) => void,
): AssistTarget {
  if (mode === "rich" && editor) {
    const { from, to, empty } = editor.state.selection;
    return {
      read: () => ({
        text: empty ? editor.getText() : editor.state.doc.textBetween(from, to, "\n"),
        selection: !empty,
      }),
      apply: (text, how) => {
        const { doc } = editor.state;
        const end = doc.content.size;
        let at: number | { from: number; to: number };
        if (how === "replace") at = empty ? { from: 0, to: end } : { from: Math.min(from, end), to: Math.min(to, end) };
        else if (empty) at = end;
        else {
          // Below the block the selection ends in, so the suggestion does not split a paragraph.
          const $to = doc.resolve(Math.min(to, end));
          at = $to.depth >= 1 ? $to.after(1) : $to.pos;
        }
        editor
          .chain()
          .focus()
          // Its own history step, even right after typing: one Undo takes back exactly the suggestion.
          .startUndoStep()
          .insertContentAt(at, paragraphs(text))
          .run();
      },
    };
  }
  const value = textarea?.value ?? "";
  const [start, end] = [textarea?.selectionStart ?? 0, textarea?.selectionEnd ?? 0];
  const selected = end > start;
  return {
    read: () => ({ text: selected ? value.slice(start, end) : value, selection: selected }),
    apply: (text, how) =>
      setContent(
        how === "replace"
          ? selected
            ? value.slice(0, start) + text + value.slice(end)
            : text
          : selected
            ? value.slice(0, end) + "\n\n" + text + value.slice(end)
            : `${value}\n\n${text}`.trim(),
      ),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.article ? "Edit Article" : "New Article"} | Admin | Nuru` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const [article, categories, mailed] = await Promise.all([
    params.id ? getArticleForEdit(viewer, params.id) : null,
    categoryChoices(viewer),
    params.id ? articleSendOf(params.id) : null,
  ]);
  if (params.id && !article) throw appErrorResponse("ARTICLE_NOT_FOUND");
  return { article, categories, mailed };
}

const previewSchema = z.object({
  contentMode: z.enum(["rich", "plain"]).default("rich"),
  content: z.string().max(ARTICLE_LIMITS.content).optional(),
  videoUrl: z.string().max(ARTICLE_LIMITS.url).optional(),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const form = await readForm(request);
  const editing = Boolean(params.id);
  const failure = (message: string) => ({
    kind: "error" as const,
    title: "Error",
    message: `Failed to ${editing ? "update" : "create"} article: ${message}`,
  });

  if (form.get("intent") === "preview") {
    const parsed = previewSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ preview: null, toast: failure("the preview could not be made") }, 400);
    return { preview: previewBodyBlocks(parsed.data), toast: null };
  }

  const submission = parseForm(form, articleFormSchema);
  if (submission.status !== "success") {
    const first = firstFormError(submission);
    return data({ result: submission.reply(), toast: failure(first) }, 400);
  }
  let articleId = params.id;
  try {
    if (params.id) await updateArticle(viewer, params.id, submission.value);
    else articleId = (await createArticle(viewer, submission.value)).id;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { title, message } = error.payload;
    return data(
      { result: submission.reply({ formErrors: [message] }), toast: { kind: "error" as const, title, message } },
      { status: error.status },
    );
  }
  // Published with a mail choice: queued for its readers (once per article) and sent in the background.
  const { mailOnPublish, published } = submission.value;
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

/** Whom the article is e-mailed to when it is saved published; once mailed, what was chosen. */
function MailOnPublish({ mailed }: { mailed: { audience: string; createdAt: string } | null }) {
  if (mailed) {
    return (
      <p className="text-sm text-gray-700" data-testid="article-mailed">
        E-mailed to {mailed.audience === "paying" ? "followers with a paid plan" : "followers of its categories"} on{" "}
        {new Date(mailed.createdAt).toLocaleDateString("en-GB", { timeZone: "Africa/Nairobi" })}.
      </p>
    );
  }
  return (
    <div>
      <label htmlFor="article-mail" className="block text-sm font-medium text-gray-800">
        Mail it to readers
      </label>
      <select
        id="article-mail"
        name="mailOnPublish"
        defaultValue="none"
        className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 sm:w-auto"
        aria-describedby="article-mail-hint"
      >
        {AUDIENCES.map((a) => (
          <option key={a.value} value={a.value}>
            {a.label}
          </option>
        ))}
      </select>
      <p id="article-mail-hint" className="mt-1 text-xs text-gray-600">
        Sent once, when you save it with Published ticked. Readers with a plan get it whole; others get its opening and
        a link.
      </p>
    </div>
  );
}

function TagsField({ initial, error }: { initial: string[]; error?: string }) {
  const [tags, setTags] = useState(initial);
  const [draft, setDraft] = useState("");
  const id = useId();
  const add = () => {
    setTags((t) => cleanTags([...t, draft]).slice(0, ARTICLE_LIMITS.tags));
    setDraft("");
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        Tags
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={draft}
          maxLength={ARTICLE_LIMITS.tag}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            add();
          }}
          aria-describedby={`${id}-hint`}
          className="min-h-11 w-full rounded-md border border-gray-300 px-3"
        />
        <button
          type="button"
          onClick={add}
          className="min-h-11 rounded-full border border-brand-600 px-4 font-semibold text-brand-700"
        >
          Add
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
        Press Enter or Add. Up to {ARTICLE_LIMITS.tags} tags.
      </p>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Tags added">
        {tags.map((tag) => (
          <li
            key={tag}
            className="flex items-center gap-1 rounded-full bg-gray-100 py-0.5 pr-1 pl-3 text-sm text-gray-800"
          >
            {tag}
            <input type="hidden" name="tags" value={tag} />
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => setTags((t) => t.filter((x) => x !== tag))}
              className="flex h-7 w-7 items-center justify-center rounded-full hover:bg-gray-200"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

function Preview({ blocks, onClose }: { blocks: BodyBlock[]; onClose: () => void }) {
  return (
    <section aria-labelledby="preview-title" className="mt-6 rounded-2xl border border-brand-200 bg-white p-4 sm:p-6">
      <div className="flex items-center justify-between">
        <h2 id="preview-title" className="text-lg font-semibold text-gray-900">
          Preview: as a reader will see it
        </h2>
        <button type="button" onClick={onClose} className="min-h-11 rounded-full px-4 font-semibold text-brand-700">
          Close preview
        </button>
      </div>
      <div className="mt-4">
        {blocks.length ? <ArticleBody blocks={blocks} /> : <p className="text-gray-700">Nothing to show yet.</p>}
      </div>
    </section>
  );
}

export default function ArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { article, categories } = loaderData;
  const navigation = useNavigation();
  const preview = useFetcher<typeof action>();
  const result = actionData && "result" in actionData ? actionData.result : undefined;
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
  const editorRef = useRef<Editor | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const previewBlocks = preview.data && "preview" in preview.data ? preview.data.preview : null;
  const toast = actionData?.toast ?? preview.data?.toast ?? null;

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
      <Link to="/admin/articles" className="text-sm font-medium text-brand-700 hover:underline">
        Back to Articles
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
        <input type="hidden" name="intent" value="save" />
        {article ? <input type="hidden" name="openedVersion" value={article.version} /> : null}
        {form.errors?.length ? (
          <p role="alert" className="rounded-md bg-red-700 p-3 text-sm text-white">
            {form.errors[0]}
          </p>
        ) : null}
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
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">Visibility</legend>
            <label className={checkboxRow}>
              <input type="checkbox" name="published" defaultChecked={article?.published ?? false} /> Published
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
      </Form>
      {assisting ? (
        <Suspense fallback={null}>
          <AiAssistant target={assisting} onClose={() => setAssisting(null)} />
        </Suspense>
      ) : null}
      {showPreview && previewBlocks ? <Preview blocks={previewBlocks} onClose={() => setShowPreview(false)} /> : null}
    </AdminFrame>
  );
}
