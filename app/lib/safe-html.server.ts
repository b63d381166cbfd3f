import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { videoEmbedUrl } from "./video-embed";

// The one HTML allow-list (ADR 005, 014): editor HTML is cleaned with it before it is stored, and stored HTML again
// before it is shown. Articles (content), member mail and ebook text editions (reader) all use it.

/** An image address a body may show: https, or a path on this site. */
export const SAFE_IMAGE_SRC = /^(https:\/\/|\/(?!\/))/i;

// The page title is the only h1, so the body's headings start one level lower (editor levels 1-3 -> h2-h4).
const demoteHeading = (level: number) => (tagName: string, attribs: sanitizeHtml.Attributes) => ({
  tagName: `h${Math.min(level + 1, 6)}`,
  attribs,
});

/** A video embed of YouTube or Vimeo, rewritten to our privacy-friendly player URL; anything else is dropped. */
const videoFrame = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
  const src = videoEmbedUrl(attribs.src ?? "");
  return src
    ? {
        tagName,
        attribs: {
          src,
          title: attribs.title || "Video",
          loading: "lazy",
          allow: "encrypted-media; picture-in-picture; fullscreen",
          referrerpolicy: "strict-origin-when-cross-origin",
        },
      }
    : { tagName: "removed-iframe", attribs: {} as sanitizeHtml.Attributes };
};

// One allow-list for saving (editor HTML is cleaned before it is stored) and for reading (cleaned again, then
// headings demoted and outside links marked, as the page needs).
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "mark",
    "sub",
    "sup",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "figure",
    "figcaption",
    "hr",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "iframe",
  ],
  // rel, target, loading and decoding are set by the transforms below.
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    ol: ["start"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    iframe: ["src", "title", "loading", "allow", "referrerpolicy"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"], iframe: ["https"] },
  allowedIframeHostnames: ["www.youtube-nocookie.com", "player.vimeo.com"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  exclusiveFilter: (frame) =>
    (frame.tag === "img" && !SAFE_IMAGE_SRC.test(frame.attribs.src ?? "")) ||
    (frame.tag === "p" && !frame.text.trim() && frame.mediaChildren.length === 0),
};

export const STORE_OPTIONS: sanitizeHtml.IOptions = { ...ALLOWED, transformTags: { iframe: videoFrame } };

export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  ...ALLOWED,
  transformTags: {
    iframe: videoFrame,
    h1: demoteHeading(1),
    h2: demoteHeading(2),
    h3: demoteHeading(3),
    b: "strong",
    i: "em",
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
};

/** Editor HTML as it may be stored: the reading allow-list, without the reading-time rewrites. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, STORE_OPTIONS).trim();
}

/** Stored HTML, or plain/markdown text, as HTML that is safe to insert into the page. */
export function safeHtml(stored: string): string {
  const source = stored.trimStart().startsWith("<") ? stored : (marked.parse(stored, { async: false }) as string);
  return sanitizeHtml(source, SANITIZE_OPTIONS).trim();
}
