import { useEffect, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from "react";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import { Extension, mergeAttributes, Node } from "@tiptap/core";
import { closeHistory } from "@tiptap/pm/history";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { videoEmbedUrl } from "~/lib/video-embed";
import { sendUpload } from "./send-upload";
import { UploadButton } from "./upload-button";

// The article editor (TipTap 3). It loads only with the admin article form. What it produces is cleaned again on
// the server with the reader's allow-list before it is stored, so the editor is a convenience, not a guard.

const VideoEmbed = Node.create({
  name: "videoEmbed",
  group: "block",
  atom: true,
  addAttributes: () => ({ src: { default: null } }),
  parseHTML: () => [{ tag: "iframe[src]" }],
  renderHTML: ({ HTMLAttributes }) => ["iframe", mergeAttributes(HTMLAttributes, { title: "Video", loading: "lazy" })],
});

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    undoStep: {
      /** The change made with this command starts an Undo step of its own, even right after typing. */
      startUndoStep: () => ReturnType;
    };
  }
}

// A command the article form uses (without loading prosemirror itself) when the assistant's suggestion goes in.
const UndoStep = Extension.create({
  name: "undoStep",
  addCommands: () => ({
    startUndoStep:
      () =>
      ({ tr }) => {
        closeHistory(tr);
        return true;
      },
  }),
});

const HTTP_URL = /^https?:\/\/[^\s]+$/i;
// Pictures: https links (outside ones, or our uploads under MEDIA_BASE_URL) and the shop's own paths (/media/...).
// The same rule as the server's allow-list (lib/safe-html.server.ts), which decides in the end.
const IMAGE_URL = /^(https:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;

// What the editor takes for the body: what the server's "image" upload kind accepts.
const IMAGE_UPLOAD = {
  kind: "image",
  maxMb: 50,
  what: "image",
  accept: "image/jpeg,image/png,image/gif,image/webp,image/avif",
} as const;
const imageFiles = (files: FileList | null | undefined) =>
  [...(files ?? [])].filter((f) => IMAGE_UPLOAD.accept.split(",").includes(f.type));

type Prompt =
  | { kind: "link"; text: string; url: string; error?: string }
  | { kind: "image"; url: string; alt: string; error?: string; editing?: boolean }
  | { kind: "video"; url: string; error?: string };

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      title={label}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`min-h-10 min-w-10 rounded-md px-2 text-sm font-semibold ${active ? "bg-brand-600 text-white" : "text-gray-800 hover:bg-rose-100"}`}
    >
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
}

function PromptDialog({
  prompt,
  setPrompt,
  onDone,
}: {
  prompt: Prompt;
  setPrompt: Dispatch<SetStateAction<Prompt | null>>;
  onDone: (p: Prompt) => void;
}) {
  const title = {
    link: "Insert link",
    image: prompt.kind === "image" && prompt.editing ? "Edit image" : "Insert image",
    video: "Embed video",
  }[prompt.kind];
  const field = (id: string, label: string, value: string, change: (v: string) => void, type = "text") => (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(e) => change(e.target.value)}
        className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
      />
    </div>
  );
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="editor-prompt-title"
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4"
      onKeyDown={(e) => e.key === "Escape" && setPrompt(null)}
    >
      <div className="max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-5 shadow-xl">
        <h2 id="editor-prompt-title" className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <div className="mt-3 space-y-3">
          {prompt.kind === "link" ? (
            <>
              {field("editor-link-text", "Text", prompt.text, (text) => setPrompt({ ...prompt, text }))}
              {field("editor-link-url", "URL", prompt.url, (url) => setPrompt({ ...prompt, url }), "url")}
            </>
          ) : null}
          {prompt.kind === "image" ? (
            <>
              {field("editor-image-url", "Image URL", prompt.url, (url) => setPrompt({ ...prompt, url }))}
              <UploadButton
                kind={IMAGE_UPLOAD.kind}
                label="Upload from this device"
                accept={IMAGE_UPLOAD.accept}
                maxMb={IMAGE_UPLOAD.maxMb}
                onUploaded={(asset) =>
                  setPrompt((p) => (p?.kind === "image" ? { ...p, url: asset.url ?? "", error: undefined } : p))
                }
              />
              <ImagePicker
                chosen={prompt.url}
                onChoose={(url) => setPrompt((p) => (p?.kind === "image" ? { ...p, url, error: undefined } : p))}
              />
              {field("editor-image-alt", "Description (alt text)", prompt.alt, (alt) => setPrompt({ ...prompt, alt }))}
            </>
          ) : null}
          {prompt.kind === "video"
            ? field(
                "editor-video-url",
                "YouTube or Vimeo link",
                prompt.url,
                (url) => setPrompt({ ...prompt, url }),
                "url",
              )
            : null}
          {prompt.error ? (
            <p role="alert" className="text-sm text-red-700">
              {prompt.error}
            </p>
          ) : null}
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" onClick={() => setPrompt(null)} className="min-h-11 rounded-full px-4 font-semibold">
            Cancel
          </button>
          <button
            type="button"
            onClick={() => onDone(prompt)}
            className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
          >
            {prompt.kind === "image" && prompt.editing ? "Save" : "Insert"}
          </button>
        </div>
      </div>
    </div>
  );
}

interface PickableImage {
  url: string;
  thumb: string;
  name: string;
}

/** The newest uploaded pictures (GET /admin/media/images), to put one that is already uploaded into the text. */
function ImagePicker({ chosen, onChoose }: { chosen: string; onChoose: (url: string) => void }) {
  const [images, setImages] = useState<PickableImage[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetch("/admin/media/images", { signal: abort.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ images: PickableImage[] }>) : Promise.reject(new Error())))
      .then((answer) => setImages(answer.images))
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, []);
  return (
    <section aria-labelledby="editor-picker-title">
      <h3 id="editor-picker-title" className="text-sm font-medium text-gray-800">
        Or choose an uploaded image
      </h3>
      {failed ? <p className="mt-1 text-sm text-red-700">The uploaded images could not be loaded.</p> : null}
      {images === null && !failed ? <p className="mt-1 text-sm text-gray-600">Loading...</p> : null}
      {images?.length === 0 ? <p className="mt-1 text-sm text-gray-600">Nothing uploaded yet.</p> : null}
      {images?.length ? (
        <ul className="mt-1 grid max-h-48 grid-cols-3 gap-2 overflow-y-auto p-1 sm:grid-cols-4">
          {images.map((image) => (
            <li key={image.url}>
              <button
                type="button"
                aria-pressed={chosen === image.url}
                aria-label={`Use ${image.name}`}
                title={image.name}
                onClick={() => onChoose(image.url)}
                className={`block aspect-square w-full overflow-hidden rounded-md border-2 ${chosen === image.url ? "border-brand-600" : "border-transparent hover:border-gray-300"}`}
              >
                <img src={image.thumb} alt="" loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function checkPrompt(p: Prompt): string | undefined {
  if (p.kind === "link") {
    if (!p.text.trim() || !p.url.trim()) return "Please enter both the link text and the URL.";
    if (!HTTP_URL.test(p.url.trim())) return "Links must start with http:// or https://.";
  }
  if (p.kind === "image" && !IMAGE_URL.test(p.url.trim()))
    return "Please upload an image, choose an uploaded one, or enter an https:// link.";
  if (p.kind === "video" && !videoEmbedUrl(p.url.trim())) return "Please paste a YouTube or Vimeo link.";
  return undefined;
}

function apply(editor: Editor, p: Prompt) {
  const chain = editor.chain().focus();
  if (p.kind === "link") {
    const { from, to } = editor.state.selection;
    chain
      .insertContentAt(
        { from, to },
        { type: "text", text: p.text.trim(), marks: [{ type: "link", attrs: { href: p.url.trim() } }] },
      )
      .run();
  } else if (p.kind === "image") {
    chain.setImage({ src: p.url.trim(), alt: p.alt.trim() }).run();
  } else {
    chain.insertContent({ type: "videoEmbed", attrs: { src: videoEmbedUrl(p.url.trim()) } }).run();
  }
}

type UploadState =
  { name: "uploading"; file: string; percent: number } | { name: "failed"; title: string; message: string } | null;

/** The rich editor; its HTML travels in a hidden `name` field, so the form posts it like any other field. */
export default function RichEditor({
  name,
  initialHtml,
  labelledBy,
  onChange,
  editorRef,
}: {
  name: string;
  initialHtml: string;
  labelledBy: string;
  onChange: (html: string) => void;
  editorRef?: React.MutableRefObject<Editor | null>;
}) {
  const [html, setHtml] = useState(initialHtml);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [upload, setUpload] = useState<UploadState>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // Drop and paste handlers are fixed when the editor is made; they reach the current upload code through this.
  const uploadImages = useRef<(files: File[], at?: number) => void>(() => {});
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, protocols: ["http", "https"], autolink: true, defaultProtocol: "https" },
      }),
      Image.configure({ allowBase64: false }),
      VideoEmbed,
      UndoStep,
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        class: "article-body min-h-[150px] px-3 py-2 focus:outline-none",
      },
      // A picture pasted or dropped into the text is uploaded (not kept as data: bytes, which the server drops)
      // and put where it was pasted or dropped.
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (!files.length) return false;
        uploadImages.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer?.files);
        if (!files.length) return false;
        event.preventDefault();
        uploadImages.current(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
    onCreate: ({ editor }) => {
      if (editorRef) editorRef.current = editor;
    },
    onUpdate: ({ editor }) => {
      const next = editor.isEmpty ? "" : editor.getHTML();
      setHtml(next);
      onChange(next);
    },
  });

  uploadImages.current = async (files, at) => {
    if (!editor) return;
    for (const file of files) {
      const result = await sendUpload(file, IMAGE_UPLOAD, (percent) =>
        setUpload({ name: "uploading", file: file.name, percent }),
      );
      if (!result.ok || !result.asset.url) {
        setUpload({
          name: "failed",
          title: result.ok ? "Upload failed" : result.title,
          message: result.ok ? "" : result.message,
        });
        return;
      }
      const image = { type: "image", attrs: { src: result.asset.url, alt: "" } };
      // The text may have changed while the file was on its way: a position past the end goes to the end.
      // After the selection, never in place of it: a selected picture or text stays.
      const where = at ?? editor.state.selection.to;
      editor.chain().focus().insertContentAt(Math.min(where, editor.state.doc.content.size), image).run();
      setUpload(null);
      // Issue 46: an uploaded picture is described at once. The picture just put in is selected and the image
      // dialog opens on it (its Save sets the description); the publish check catches any left without one.
      let placed = -1;
      editor.state.doc.descendants((node, pos) => {
        if (node.type.name === "image" && node.attrs.src === result.asset.url && !node.attrs.alt) placed = pos;
      });
      if (placed >= 0) {
        editor.commands.setNodeSelection(placed);
        setPrompt({ kind: "image", url: result.asset.url, alt: "", editing: true });
      }
    }
  };

  const imagePrompt = (): Prompt => {
    // A selected picture opens with its address and description, so its alt text can be written afterwards.
    if (!editor?.isActive("image")) return { kind: "image", url: "", alt: "" };
    const attrs = editor.getAttributes("image") as { src?: string; alt?: string };
    return { kind: "image", url: attrs.src ?? "", alt: attrs.alt ?? "", editing: true };
  };

  const tools = editor
    ? [
        {
          label: "Undo",
          run: () => editor.chain().focus().undo().run(),
          active: undefined,
          text: "↶",
        },
        {
          label: "Redo",
          run: () => editor.chain().focus().redo().run(),
          active: undefined,
          text: "↷",
        },
        {
          label: "Heading 1",
          run: () => editor.chain().focus().toggleHeading({ level: 1 }).run(),
          active: editor.isActive("heading", { level: 1 }),
          text: "H1",
        },
        {
          label: "Heading 2",
          run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
          active: editor.isActive("heading", { level: 2 }),
          text: "H2",
        },
        {
          label: "Heading 3",
          run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
          active: editor.isActive("heading", { level: 3 }),
          text: "H3",
        },
        {
          label: "Bold",
          run: () => editor.chain().focus().toggleBold().run(),
          active: editor.isActive("bold"),
          text: "B",
        },
        {
          label: "Italic",
          run: () => editor.chain().focus().toggleItalic().run(),
          active: editor.isActive("italic"),
          text: "I",
        },
        {
          label: "Bulleted list",
          run: () => editor.chain().focus().toggleBulletList().run(),
          active: editor.isActive("bulletList"),
          text: "• List",
        },
        {
          label: "Numbered list",
          run: () => editor.chain().focus().toggleOrderedList().run(),
          active: editor.isActive("orderedList"),
          text: "1. List",
        },
        {
          label: "Quote",
          run: () => editor.chain().focus().toggleBlockquote().run(),
          active: editor.isActive("blockquote"),
          text: "❝",
        },
        {
          label: "Link",
          run: () => {
            const { from, to } = editor.state.selection;
            setPrompt({ kind: "link", text: editor.state.doc.textBetween(from, to, " "), url: "" });
          },
          active: editor.isActive("link"),
          text: "Link",
        },
        { label: "Image", run: () => setPrompt(imagePrompt()), active: false, text: "Image" },
        { label: "Video", run: () => setPrompt({ kind: "video", url: "" }), active: false, text: "Video" },
      ]
    : [];

  return (
    <div className="mt-1 rounded-md border border-gray-300 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-200">
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 border-b border-gray-200 bg-rose-50/60 p-1"
      >
        {tools.map((t) => (
          <ToolButton key={t.label} label={t.label} active={t.active} onClick={t.run}>
            {t.text}
          </ToolButton>
        ))}
        {editor ? (
          <label
            title="Upload a picture into the text"
            className="inline-flex min-h-10 min-w-10 cursor-pointer items-center rounded-md px-2 text-sm font-semibold text-gray-800 hover:bg-rose-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300"
          >
            <span aria-hidden="true">⤒ Upload</span>
            <span className="sr-only">Upload picture</span>
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_UPLOAD.accept}
              multiple
              className="sr-only"
              disabled={upload?.name === "uploading"}
              onChange={(e) => {
                const files = imageFiles(e.target.files);
                e.target.value = "";
                if (files.length) uploadImages.current(files);
              }}
            />
          </label>
        ) : null}
      </div>
      <div aria-live="polite" className="text-sm empty:hidden">
        {upload?.name === "uploading" ? (
          <div className="flex items-center gap-2 border-b border-gray-200 px-3 py-2">
            <progress max={100} value={upload.percent} className="h-2 w-32" aria-label="Picture: uploading" />
            <span className="min-w-0 truncate">
              Uploading {upload.file}... {upload.percent}%
            </span>
          </div>
        ) : null}
        {upload?.name === "failed" ? (
          <p role="alert" className="border-b border-gray-200 px-3 py-2 text-red-700">
            <strong>{upload.title}</strong> {upload.message}
          </p>
        ) : null}
      </div>
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className="article-body min-h-[150px] px-3 py-2 text-gray-600">Loading the editor...</div>
      )}
      <input ref={hidden} type="hidden" name={name} value={html} />
      {prompt && editor ? (
        <PromptDialog
          prompt={prompt}
          setPrompt={setPrompt}
          onDone={(p) => {
            const error = checkPrompt(p);
            if (error) return setPrompt({ ...p, error });
            setPrompt(null);
            apply(editor, p);
          }}
        />
      ) : null}
    </div>
  );
}
