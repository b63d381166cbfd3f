import { useRef, useState, type ReactNode } from "react";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import { mergeAttributes, Node } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { videoEmbedUrl } from "~/modules/content/video";

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

const HTTP_URL = /^https?:\/\/[^\s]+$/i;

type Prompt =
  | { kind: "link"; text: string; url: string; error?: string }
  | { kind: "image"; url: string; alt: string; error?: string }
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
  setPrompt: (p: Prompt | null) => void;
  onDone: (p: Prompt) => void;
}) {
  const title = { link: "Insert link", image: "Insert image", video: "Embed video" }[prompt.kind];
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
      <div className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl">
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
              {field("editor-image-url", "Image URL", prompt.url, (url) => setPrompt({ ...prompt, url }), "url")}
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
            Insert
          </button>
        </div>
      </div>
    </div>
  );
}

function checkPrompt(p: Prompt): string | undefined {
  if (p.kind === "link") {
    if (!p.text.trim() || !p.url.trim()) return "Please enter both the link text and the URL.";
    if (!HTTP_URL.test(p.url.trim())) return "Links must start with http:// or https://.";
  }
  if (p.kind === "image" && !/^https:\/\/[^\s]+$/i.test(p.url.trim())) return "Images must be https:// links.";
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
  const hidden = useRef<HTMLInputElement>(null);
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
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        class: "article-body min-h-[150px] px-3 py-2 focus:outline-none",
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

  const tools = editor
    ? [
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
        { label: "Image", run: () => setPrompt({ kind: "image", url: "", alt: "" }), active: false, text: "Image" },
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
