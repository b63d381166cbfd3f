import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import type { z } from "zod";
import { useSchemaForm, type FormResult } from "~/lib/forms";
import { featuredAdSchema, heroSlideSchema, HOME_LIMITS_ADMIN, testimonialSchema } from "~/modules/home/home-forms";
import { checkboxRow, useUnsavedChangesWarning } from "~/components/admin/admin-form-parts";
import { UploadButton } from "~/components/admin/upload-button";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";

// The three editors of /admin/homepage. Each is a plain form posted to the route's action (intent names the form),
// so it works before the page's script has loaded; lists change one item per post (move, publish, delete).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";
const card = "rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6";
const smallButton =
  "min-h-11 rounded-full border px-4 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50";

interface Slide {
  id: string;
  title: string;
  subtitle: string | null;
  imageUrl: string | null;
  primaryButtonText: string | null;
  primaryButtonLink: string | null;
  secondaryButtonText: string | null;
  secondaryButtonLink: string | null;
  titleSw: string | null;
  subtitleSw: string | null;
  primaryButtonTextSw: string | null;
  secondaryButtonTextSw: string | null;
  published: boolean;
}

interface Testimonial {
  id: string;
  name: string;
  role: string | null;
  content: string;
  rating: number;
  avatarUrl: string | null;
  published: boolean;
}

interface Ad {
  ebookId: string | null;
  coverImageUrl: string | null;
  headline: string;
  subtext: string | null;
  primaryButtonText: string | null;
  primaryButtonLink: string | null;
  secondaryButtonText: string | null;
  secondaryButtonLink: string | null;
  headlineSw: string | null;
  subtextSw: string | null;
  primaryButtonTextSw: string | null;
  secondaryButtonTextSw: string | null;
  active: boolean;
}

/** Text defaults for a conform form: nulls become empty fields. */
function textDefaults<T extends object>(row: T | null | undefined, keys: readonly (keyof T & string)[]) {
  return Object.fromEntries(keys.map((k) => [k, row ? String(row[k] ?? "") : ""])) as Record<string, string>;
}

const BUTTON_KEYS = [
  "primaryButtonText",
  "primaryButtonLink",
  "secondaryButtonText",
  "secondaryButtonLink",
  "primaryButtonTextSw",
  "secondaryButtonTextSw",
] as const;

function useEditorForm<S extends z.ZodType>(
  schema: S,
  id: string,
  lastResult: FormResult | null,
  defaultValue: Record<string, string>,
) {
  const [form, fields] = useSchemaForm(schema, { id, lastResult, defaultValue: defaultValue as never });
  const navigation = useNavigation();
  const [dirty, setDirty] = useState(false);
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  useUnsavedChangesWarning(dirty, saving);
  const formProps = {
    method: "post" as const,
    ...getFormProps(form),
    onInput: () => setDirty(true),
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      form.onSubmit(event);
      if (!event.defaultPrevented) setDirty(false);
    },
  };
  return { form, fields: fields as Record<string, Meta>, formProps, saving, markDirty: () => setDirty(true) };
}

function ImageField({
  meta,
  label,
  kind,
  initial,
  onChange,
}: {
  meta: Meta;
  label: string;
  kind: "image" | "cover";
  initial: string | null;
  onChange: (url: string) => void;
}) {
  const [preview, setPreview] = useState(initial ?? "");
  return (
    <div>
      <TextField meta={meta} label={label} required={false} hint="Upload an image, or paste an https:// link." />
      <UploadButton
        kind={kind}
        label={`Upload ${label.toLowerCase()}`}
        accept={kind === "cover" ? "image/jpeg,image/png,image/webp,image/avif" : IMAGE_TYPES}
        maxMb={kind === "cover" ? 10 : 50}
        onUploaded={(asset) => {
          setPreview(asset.url ?? "");
          onChange(asset.url ?? "");
        }}
      />
      {preview ? (
        <img
          src={preview}
          alt={`${label} preview`}
          width="160"
          height="90"
          className="mt-2 h-24 w-40 rounded-md object-cover"
        />
      ) : null}
    </div>
  );
}

function ButtonFields({ fields }: { fields: Record<string, Meta> }) {
  const max = HOME_LIMITS_ADMIN.buttonText;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField meta={fields.primaryButtonText} label="First button text" required={false} maxLength={max} />
      <TextField
        meta={fields.primaryButtonLink}
        label="First button link"
        required={false}
        hint="A page of the shop (/pricing) or an http(s):// address, which opens in a new tab."
      />
      <TextField meta={fields.secondaryButtonText} label="Second button text" required={false} maxLength={max} />
      <TextField meta={fields.secondaryButtonLink} label="Second button link" required={false} />
    </div>
  );
}

/**
 * The words Swahili pages show instead (issue 50, ADR 048), each optional: one left empty shows the English there.
 * The admin area stays English; these are the only Swahili it holds.
 */
function SwahiliFields({
  fields,
  heading,
  body,
}: {
  fields: Record<string, Meta>;
  heading: { name: "titleSw" | "headlineSw"; label: string };
  body: { name: "subtitleSw" | "subtextSw"; label: string; rows: number };
}) {
  const max = HOME_LIMITS_ADMIN.buttonText;
  return (
    <fieldset className="space-y-5 rounded-xl border border-gray-200 p-4">
      <legend className="px-1 font-semibold text-gray-900">In Swahili</legend>
      <p className="text-sm text-gray-700">
        Optional: the words the Swahili home page (/sw) shows. Each one left empty shows the English there.
      </p>
      <TextField
        meta={fields[heading.name]}
        label={heading.label}
        required={false}
        maxLength={HOME_LIMITS_ADMIN.title}
      />
      <TextAreaField
        meta={fields[body.name]}
        label={body.label}
        rows={body.rows}
        maxLength={HOME_LIMITS_ADMIN.subtitle}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          meta={fields.primaryButtonTextSw}
          label="First button text in Swahili"
          required={false}
          maxLength={max}
        />
        <TextField
          meta={fields.secondaryButtonTextSw}
          label="Second button text in Swahili"
          required={false}
          maxLength={max}
        />
      </div>
    </fieldset>
  );
}

function FormErrors({ errors }: { errors?: string[] }) {
  return errors?.length ? (
    <p role="alert" className="rounded-md bg-red-700 p-3 text-sm text-white">
      {errors[0]}
    </p>
  ) : null;
}

/** Move up/down, publish or unpublish, delete (with confirmation): one post each, the page reloads its list. */
function ItemControls({
  intent,
  id,
  name,
  published,
  first,
  last,
  editHref,
}: {
  intent: "slide-item" | "testimonial-item";
  id: string;
  name: string;
  published: boolean;
  first: boolean;
  last: boolean;
  editHref: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === id;
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={editHref}
        aria-label={`Edit ${name}`}
        className={`${smallButton} inline-flex items-center border-brand-600 text-brand-700 hover:bg-rose-50`}
      >
        Edit
      </Link>
      <Form method="post" className="contents">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <button
          name="command"
          value="up"
          disabled={first || busy}
          aria-label={`Move ${name} up`}
          className={`${smallButton} border-gray-400 text-gray-900`}
        >
          Up
        </button>
        <button
          name="command"
          value="down"
          disabled={last || busy}
          aria-label={`Move ${name} down`}
          className={`${smallButton} border-gray-400 text-gray-900`}
        >
          Down
        </button>
        <button
          name="command"
          value={published ? "unpublish" : "publish"}
          disabled={busy}
          aria-label={`${published ? "Unpublish" : "Publish"} ${name}`}
          className={`${smallButton} border-gray-400 text-gray-900`}
        >
          {published ? "Unpublish" : "Publish"}
        </button>
      </Form>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm(`Delete "${name}"? This cannot be undone.`)) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <button
          name="command"
          value="delete"
          disabled={busy}
          aria-label={`Delete ${name}`}
          className={`${smallButton} border-red-700 text-red-800 hover:bg-red-50`}
        >
          Delete
        </button>
      </Form>
    </div>
  );
}

function StatusBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Published</span>
  ) : (
    <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-800">Draft</span>
  );
}

function NewButton({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
    >
      {label}
    </Link>
  );
}

function SlideForm({ slide, lastResult }: { slide: Slide | null; lastResult: FormResult | null }) {
  const { form, fields, formProps, saving, markDirty } = useEditorForm(heroSlideSchema, "slide", lastResult, {
    ...textDefaults(slide, ["title", "subtitle", "imageUrl", ...BUTTON_KEYS, "titleSw", "subtitleSw"]),
  });
  return (
    <Form {...formProps} className={`${card} space-y-5`} aria-labelledby="slide-form-title">
      <h2 id="slide-form-title" className="text-xl font-semibold text-gray-900">
        {slide ? "Edit Slide" : "New Slide"}
      </h2>
      <input type="hidden" name="intent" value="slide" />
      {slide ? <input type="hidden" name="id" value={slide.id} /> : null}
      <FormErrors errors={form.errors} />
      <TextField meta={fields.title} label="Title" maxLength={HOME_LIMITS_ADMIN.title} />
      <TextAreaField meta={fields.subtitle} label="Subtitle" rows={2} maxLength={HOME_LIMITS_ADMIN.subtitle} />
      <ImageField
        meta={fields.imageUrl}
        label="Image"
        kind="image"
        initial={slide?.imageUrl ?? null}
        onChange={(url) => {
          form.update({ name: fields.imageUrl.name, value: url });
          markDirty();
        }}
      />
      <ButtonFields fields={fields} />
      <SwahiliFields
        fields={fields}
        heading={{ name: "titleSw", label: "Title in Swahili" }}
        body={{ name: "subtitleSw", label: "Subtitle in Swahili", rows: 2 }}
      />
      <label className={checkboxRow}>
        <input type="checkbox" name="published" defaultChecked={slide?.published ?? false} /> Published
      </label>
      <div className="flex flex-wrap items-center gap-3 border-t border-gray-100 pt-4">
        <SubmitButton busy={saving} busyLabel="Saving..." label={slide ? "Update Slide" : "Create Slide"} />
        <Link to="/admin/homepage?tab=hero" className="font-semibold text-gray-800 underline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export function HeroSlidesEditor({
  slides,
  edit,
  lastResult,
}: {
  slides: Slide[];
  edit: string | null;
  lastResult: FormResult | null;
}) {
  const editing = edit === "new" ? null : (slides.find((s) => s.id === edit) ?? undefined);
  return (
    <section aria-labelledby="hero-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="hero-title" className="text-lg font-semibold text-gray-900">
          Hero Slides
        </h2>
        <NewButton to="/admin/homepage?tab=hero&edit=new" label="New Slide" />
      </div>
      <p className="text-sm text-gray-700">
        Published slides show on the home page in this order and change every 5 seconds.
      </p>
      {editing !== undefined ? <SlideForm key={edit} slide={editing} lastResult={lastResult} /> : null}
      {slides.length ? (
        <ol className="divide-y divide-gray-100 rounded-2xl border border-rose-100 bg-white">
          {slides.map((s, i) => (
            <li key={s.id} data-testid="admin-slide" className="flex flex-wrap items-center gap-4 p-4">
              {s.imageUrl ? (
                <img src={s.imageUrl} alt="" width="96" height="54" className="h-14 w-24 rounded-md object-cover" />
              ) : (
                <span className="h-14 w-24 rounded-md bg-rose-100" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-gray-900">
                  {s.title} <StatusBadge published={s.published} />
                </p>
                {s.subtitle ? <p className="truncate text-sm text-gray-700">{s.subtitle}</p> : null}
              </div>
              <ItemControls
                intent="slide-item"
                id={s.id}
                name={s.title}
                published={s.published}
                first={i === 0}
                last={i === slides.length - 1}
                editHref={`/admin/homepage?tab=hero&edit=${s.id}`}
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-gray-700">No slides yet: the home page shows its title instead.</p>
      )}
    </section>
  );
}

export function FeaturedAdForm({
  ad,
  ebooks,
  lastResult,
}: {
  ad: Ad | null;
  ebooks: { id: string; title: string }[];
  lastResult: FormResult | null;
}) {
  const { form, fields, formProps, saving, markDirty } = useEditorForm(featuredAdSchema, "ad", lastResult, {
    ...textDefaults(ad, ["coverImageUrl", "headline", "subtext", ...BUTTON_KEYS, "headlineSw", "subtextSw"]),
  });
  return (
    <Form {...formProps} className={`${card} space-y-5`} aria-labelledby="ad-form-title">
      <h2 id="ad-form-title" className="text-lg font-semibold text-gray-900">
        Featured Ad
      </h2>
      <p className="text-sm text-gray-700">
        {ad ? "The ad below is the one the home page shows while it is active." : "No ad yet: saving creates it."}
      </p>
      <input type="hidden" name="intent" value="ad" />
      <FormErrors errors={form.errors} />
      <div>
        <label htmlFor="ad-ebookId" className="block text-sm font-medium text-gray-800">
          Ebook <span className="font-normal text-gray-600">(optional)</span>
        </label>
        <select
          id="ad-ebookId"
          name="ebookId"
          defaultValue={ad?.ebookId ?? ""}
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3"
        >
          <option value="">None</option>
          {ebooks.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
            </option>
          ))}
        </select>
      </div>
      <TextField meta={fields.headline} label="Headline" maxLength={HOME_LIMITS_ADMIN.title} />
      <TextAreaField meta={fields.subtext} label="Subtext" rows={3} maxLength={HOME_LIMITS_ADMIN.subtitle} />
      <ImageField
        meta={fields.coverImageUrl}
        label="Cover image"
        kind="cover"
        initial={ad?.coverImageUrl ?? null}
        onChange={(url) => {
          form.update({ name: fields.coverImageUrl.name, value: url });
          markDirty();
        }}
      />
      <ButtonFields fields={fields} />
      <SwahiliFields
        fields={fields}
        heading={{ name: "headlineSw", label: "Headline in Swahili" }}
        body={{ name: "subtextSw", label: "Subtext in Swahili", rows: 3 }}
      />
      <label className={checkboxRow}>
        <input type="checkbox" name="active" defaultChecked={ad?.active ?? false} /> Active (shown on the home page)
      </label>
      <div className="border-t border-gray-100 pt-4">
        <SubmitButton busy={saving} busyLabel="Saving..." label="Save Featured Ad" />
      </div>
    </Form>
  );
}

function TestimonialForm({
  testimonial,
  lastResult,
}: {
  testimonial: Testimonial | null;
  lastResult: FormResult | null;
}) {
  const { form, fields, formProps, saving, markDirty } = useEditorForm(testimonialSchema, "testimonial", lastResult, {
    ...textDefaults(testimonial, ["name", "role", "content", "avatarUrl"]),
  });
  return (
    <Form {...formProps} className={`${card} space-y-5`} aria-labelledby="testimonial-form-title">
      <h2 id="testimonial-form-title" className="text-xl font-semibold text-gray-900">
        {testimonial ? "Edit Testimonial" : "New Testimonial"}
      </h2>
      <input type="hidden" name="intent" value="testimonial" />
      {testimonial ? <input type="hidden" name="id" value={testimonial.id} /> : null}
      <FormErrors errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.name} label="Name" maxLength={HOME_LIMITS_ADMIN.name} />
        <TextField meta={fields.role} label="Role" required={false} maxLength={HOME_LIMITS_ADMIN.name} />
      </div>
      <TextAreaField
        meta={fields.content}
        label="Testimonial"
        rows={4}
        required
        maxLength={HOME_LIMITS_ADMIN.content}
      />
      <div>
        <label htmlFor="testimonial-rating" className="block text-sm font-medium text-gray-800">
          Rating
        </label>
        <select
          id="testimonial-rating"
          name="rating"
          defaultValue={String(testimonial?.rating ?? 5)}
          className="mt-1 block min-h-11 w-40 rounded-md border border-gray-300 bg-white px-3"
        >
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? "star" : "stars"}
            </option>
          ))}
        </select>
      </div>
      <ImageField
        meta={fields.avatarUrl}
        label="Avatar"
        kind="image"
        initial={testimonial?.avatarUrl ?? null}
        onChange={(url) => {
          form.update({ name: fields.avatarUrl.name, value: url });
          markDirty();
        }}
      />
      <label className={checkboxRow}>
        <input type="checkbox" name="published" defaultChecked={testimonial?.published ?? false} /> Published
      </label>
      <div className="flex flex-wrap items-center gap-3 border-t border-gray-100 pt-4">
        <SubmitButton
          busy={saving}
          busyLabel="Saving..."
          label={testimonial ? "Update Testimonial" : "Create Testimonial"}
        />
        <Link to="/admin/homepage?tab=testimonials" className="font-semibold text-gray-800 underline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export function TestimonialsEditor({
  testimonials,
  edit,
  lastResult,
}: {
  testimonials: Testimonial[];
  edit: string | null;
  lastResult: FormResult | null;
}) {
  const editing = edit === "new" ? null : (testimonials.find((t) => t.id === edit) ?? undefined);
  return (
    <section aria-labelledby="testimonials-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="testimonials-title" className="text-lg font-semibold text-gray-900">
          Testimonials
        </h2>
        <NewButton to="/admin/homepage?tab=testimonials&edit=new" label="New Testimonial" />
      </div>
      {editing !== undefined ? <TestimonialForm key={edit} testimonial={editing} lastResult={lastResult} /> : null}
      {testimonials.length ? (
        <ol className="divide-y divide-gray-100 rounded-2xl border border-rose-100 bg-white">
          {testimonials.map((t, i) => (
            <li key={t.id} data-testid="admin-testimonial" className="flex flex-wrap items-center gap-4 p-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-gray-900">
                  {t.name}
                  {t.role ? <span className="font-normal text-gray-700">, {t.role}</span> : null}{" "}
                  <StatusBadge published={t.published} />
                </p>
                <p className="line-clamp-2 text-sm text-gray-700">
                  {t.rating}/5 · “{t.content}”
                </p>
              </div>
              <ItemControls
                intent="testimonial-item"
                id={t.id}
                name={t.name}
                published={t.published}
                first={i === 0}
                last={i === testimonials.length - 1}
                editHref={`/admin/homepage?tab=testimonials&edit=${t.id}`}
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-gray-700">No testimonials yet.</p>
      )}
    </section>
  );
}
