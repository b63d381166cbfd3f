import { useEffect, useRef, useState } from "react";
import {
  ASSIST_TYPES,
  GENERIC_ERROR,
  LENGTHS,
  NEEDS_TEXT,
  STYLES,
  TONES,
  type AssistEvent,
  type SuggestionMeta,
} from "~/modules/ai/assist-request";

// The writing assistant's dialog: pick what to do, watch the suggestion being written, then put it in place of the
// text it worked on (the selection, or the whole text when nothing was selected) or below it. Replace is the
// default (focused, filled): an Expand or Rewrite of the whole text inserted below would double the article.
// Loaded with the article form only.

export interface AssistTarget {
  /** The selected text, or the whole text when nothing is selected; empty when there is nothing to work on. */
  read(): { text: string; selection: boolean };
  /** "replace": in place of what `read` returned; "insert": below it. */
  apply(text: string, how: "replace" | "insert"): void;
}

type Phase =
  | { name: "idle"; error?: string }
  | { name: "processing"; text: string }
  | { name: "suggestion"; text: string; meta: SuggestionMeta; fallback: boolean }
  | { name: "applied" };

const TYPE_LABELS: Record<(typeof ASSIST_TYPES)[number], string> = {
  expand: "Expand",
  rewrite: "Rewrite",
  summarize: "Summarize",
  tone: "Change tone",
  seo: "SEO",
  custom: "Custom",
};

const select = "mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm capitalize";

async function* readEvents(response: Response): AsyncGenerator<AssistEvent> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) yield JSON.parse(line) as AssistEvent;
    }
  }
}

function OptionSelect<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} className={select}>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    </div>
  );
}

export function AiAssistant({ target, onClose }: { target: AssistTarget; onClose: () => void }) {
  const [type, setType] = useState<(typeof ASSIST_TYPES)[number]>("rewrite");
  const [tone, setTone] = useState<(typeof TONES)[number]>("professional");
  const [style, setStyle] = useState<(typeof STYLES)[number]>("formal");
  const [length, setLength] = useState<(typeof LENGTHS)[number]>("medium");
  const [instruction, setInstruction] = useState("");
  const [source] = useState(() => target.read());
  const [phase, setPhase] = useState<Phase>(
    source.text.trim() ? { name: "idle" } : { name: "idle", error: NEEDS_TEXT },
  );
  const abort = useRef<AbortController | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const replaceButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    dialog.current?.showModal();
    return () => abort.current?.abort();
  }, []);

  // The suggestion is ready: Replace is what Enter does.
  useEffect(() => {
    if (phase.name === "suggestion") replaceButton.current?.focus();
  }, [phase.name]);

  async function generate() {
    if (!source.text.trim()) return setPhase({ name: "idle", error: NEEDS_TEXT });
    const body = new FormData();
    for (const [k, v] of Object.entries({ type, tone, style, length, instruction, text: source.text })) body.set(k, v);
    abort.current = new AbortController();
    setPhase({ name: "processing", text: "" });
    try {
      const response = await fetch("/admin/ai-assist", { method: "POST", body, signal: abort.current.signal });
      let text = "";
      for await (const event of readEvents(response)) {
        if (event.type === "delta") {
          text += event.text;
          setPhase({ name: "processing", text });
        } else if (event.type === "done") {
          return setPhase({ name: "suggestion", text, meta: event.meta, fallback: Boolean(event.fallback) });
        } else {
          return setPhase({ name: "idle", error: `Error: ${event.message}` });
        }
      }
      setPhase({ name: "idle", error: GENERIC_ERROR });
    } catch (error) {
      if ((error as Error).name !== "AbortError") setPhase({ name: "idle", error: GENERIC_ERROR });
    }
  }

  const applySuggestion = (how: "replace" | "insert") => {
    if (phase.name !== "suggestion") return;
    target.apply(phase.text, how);
    setPhase({ name: "applied" });
  };

  const busy = phase.name === "processing";
  return (
    <dialog
      ref={dialog}
      aria-labelledby="ai-title"
      onClose={onClose}
      className="m-auto w-[min(40rem,calc(100vw-1rem))] rounded-2xl p-0 backdrop:bg-black/40"
    >
      <div className="max-h-[90vh] overflow-y-auto p-5">
        <h2 id="ai-title" className="text-lg font-semibold text-gray-900">
          AI writing assistant
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          {source.selection ? "Working on the selected text." : "Working on the whole text."}
        </p>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-gray-800">What should it do?</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {ASSIST_TYPES.map((t) => (
              <label
                key={t}
                className={`flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold ${type === t ? "border-brand-600 bg-brand-600 text-white" : "border-gray-300 text-gray-800"}`}
              >
                <input
                  type="radio"
                  name="ai-type"
                  value={t}
                  checked={type === t}
                  onChange={() => setType(t)}
                  className="sr-only"
                />
                {TYPE_LABELS[t]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <OptionSelect id="ai-tone" label="Tone" options={TONES} value={tone} onChange={setTone} />
          <OptionSelect id="ai-style" label="Style" options={STYLES} value={style} onChange={setStyle} />
          <OptionSelect id="ai-length" label="Length" options={LENGTHS} value={length} onChange={setLength} />
        </div>
        {type === "custom" ? (
          <div className="mt-3">
            <label htmlFor="ai-instruction" className="block text-sm font-medium text-gray-800">
              Instruction
            </label>
            <textarea
              id="ai-instruction"
              value={instruction}
              maxLength={1000}
              rows={2}
              onChange={(e) => setInstruction(e.target.value)}
              className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
            />
          </div>
        ) : null}

        <div aria-live="polite" className="mt-4">
          {phase.name === "idle" && phase.error ? (
            <p role="alert" className="rounded-md bg-red-700 p-3 text-sm text-white">
              {phase.error}
            </p>
          ) : null}
          {phase.name === "processing" || phase.name === "suggestion" ? (
            <div className="rounded-md border border-rose-100 bg-rose-50/50 p-3">
              {phase.name === "suggestion" && phase.fallback ? (
                <p className="mb-2 text-sm font-semibold text-amber-900">
                  The AI assistant is not configured. Here is a fallback suggestion.
                </p>
              ) : null}
              <p data-testid="ai-suggestion" className="text-sm whitespace-pre-wrap text-gray-900">
                {phase.text || "Writing..."}
              </p>
              {phase.name === "suggestion" ? (
                <p className="mt-2 text-xs text-gray-700">
                  {phase.meta.wordCount} words · {phase.meta.readingTime} min read
                  {phase.meta.keywords.length ? ` · Keywords: ${phase.meta.keywords.join(", ")}` : ""}
                </p>
              ) : null}
            </div>
          ) : null}
          {phase.name === "applied" ? (
            <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
              Applied to your article.
            </p>
          ) : null}
        </div>

        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="min-h-11 rounded-full px-4 font-semibold"
          >
            Close
          </button>
          {phase.name === "suggestion" ? (
            <>
              <button
                type="button"
                onClick={() => applySuggestion("insert")}
                className="min-h-11 rounded-full border border-brand-600 px-4 font-semibold text-brand-700"
              >
                Insert below
              </button>
              <button
                ref={replaceButton}
                type="button"
                onClick={() => applySuggestion("replace")}
                className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white"
              >
                {source.selection ? "Replace selection" : "Replace whole text"}
              </button>
            </>
          ) : null}
          <button
            type="button"
            disabled={busy || (type === "custom" && !instruction.trim())}
            onClick={() => void generate()}
            className="min-h-11 rounded-full bg-gray-900 px-5 font-semibold text-white disabled:opacity-50"
          >
            {busy ? "Writing..." : phase.name === "suggestion" ? "Try again" : "Generate"}
          </button>
        </div>
      </div>
    </dialog>
  );
}
