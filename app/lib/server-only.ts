// The marker renderOnce (document-render.server.ts) leaves in loader data for a value already in the HTML;
// StaticHtml (components/static-html.tsx) reads it back. Here so both sides share it without lib importing components.
/** Stands for a value the server rendered into the page's HTML and did not send as data (renderOnce). */
export interface ServerOnly {
  serverOnly: string;
}

export function isServerOnly(value: unknown): value is ServerOnly {
  return (value as Partial<ServerOnly> | null)?.serverOnly !== undefined;
}
