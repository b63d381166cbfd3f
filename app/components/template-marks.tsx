import { createContext, useContext } from "react";

// A signed-in page rendered once for an access level (ADR 049) renders a part that differs between readers of that
// level (a bookmark toggle: hers is on or off) both ways between marks; the server keeps her way for each request.
// entry.server provides the marks for such a render only. Server only: callers write
// `import.meta.env.SSR && useTemplateMarks()`, so none of this reaches the browser's build.

export type TemplateMarks = (slot: string) => { open: string; or: string; end: string };

export const TemplateMarksContext = /* @__PURE__ */ createContext<TemplateMarks | null>(null);

export function useTemplateMarks(): TemplateMarks | null {
  return useContext(TemplateMarksContext);
}
