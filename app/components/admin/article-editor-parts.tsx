// The article editor's own fields (issue 31 item 7: the route keeps its loader, action and layout; these live here).
import { useId, useState, type KeyboardEvent } from "react";
import type { BodyBlock } from "~/modules/content/article-html.server";
import { ARTICLE_LIMITS, cleanTags } from "~/modules/content/article-form";
import { AUDIENCES } from "~/modules/member-mail/member-mail-form";
import { ArticleBody } from "~/components/content/article-body";
import { NAIROBI_TIME_ZONE } from "~/lib/nairobi-time";

/** Whom the article is e-mailed to when it is saved published; once mailed, what was chosen. */
export function MailOnPublish({ mailed }: { mailed: { audience: string; createdAt: string } | null }) {
  if (mailed) {
    return (
      <p className="text-sm text-gray-700" data-testid="article-mailed">
        E-mailed to {mailed.audience === "paying" ? "followers with a paid plan" : "followers of its categories"} on{" "}
        {new Date(mailed.createdAt).toLocaleDateString("en-GB", { timeZone: NAIROBI_TIME_ZONE })}.
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

export function TagsField({ initial, error }: { initial: string[]; error?: string }) {
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

export function ArticlePreview({ blocks, onClose }: { blocks: BodyBlock[]; onClose: () => void }) {
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
