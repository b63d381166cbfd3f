// Where the AI assistant reads from and writes to in the article editor: the rich editor or the plain textarea.
import type { Editor } from "@tiptap/react";
import type { AssistTarget } from "./ai-assistant";

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
export function assistTarget(
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
