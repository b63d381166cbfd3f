import { marked } from "marked";
import type { RichBlock } from "~/db/schema";
import { videoEmbedUrl } from "~/lib/video-embed";
import { SAFE_IMAGE_SRC, safeHtml, sanitizeArticleHtml } from "~/lib/safe-html.server";
import { ARTICLE_COLUMN_SIZES, imageSrcSets, type ResponsiveImageData } from "~/modules/storage/responsive-image";
import type { ImageLookup } from "~/modules/storage/responsive-images.server";

/** What the article page renders: safe HTML fragments, images and videos, in order. */
export type BodyBlock =
  | { type: "html"; html: string }
  | { type: "image"; src: string; caption: string | null; image?: ResponsiveImageData | null }
  | { type: "video"; url: string; embedUrl: string | null; caption: string | null };

export { safeHtml, sanitizeArticleHtml };

function blocksOf(content: string | null, richContent: RichBlock[] | null, videoUrl: string | null): BodyBlock[] {
  if (richContent?.length) {
    return richContent.flatMap((block): BodyBlock[] => {
      if (block.type === "text") {
        const html = safeHtml(block.content);
        return html ? [{ type: "html", html }] : [];
      }
      if (block.type === "image") {
        return SAFE_IMAGE_SRC.test(block.content)
          ? [{ type: "image", src: block.content, caption: block.caption?.trim() || null }]
          : [];
      }
      return [
        { type: "video", url: block.content, embedUrl: videoEmbedUrl(block.content), caption: block.caption ?? null },
      ];
    });
  }
  // The spec's other shape: a video followed by the HTML (or plain/markdown) content.
  const blocks: BodyBlock[] = [];
  if (videoUrl) blocks.push({ type: "video", url: videoUrl, embedUrl: videoEmbedUrl(videoUrl), caption: null });
  const html = content ? safeHtml(content) : "";
  if (html) blocks.push({ type: "html", html });
  return blocks;
}

/** What a reader would see for this content, made by the same code as the article page (no cache). */
export function previewBodyBlocks(input: { contentMode: "rich" | "plain"; content?: string; videoUrl?: string }) {
  const content = input.content ?? "";
  // The preview shows what saving would store: rich HTML is cleaned first, as the save does.
  const stored = input.contentMode === "rich" ? sanitizeArticleHtml(content) : content;
  return blocksOf(stored, null, input.videoUrl?.trim() || null);
}

// Sanitising is the costliest part of an article view; an article's body only changes with its updated_at.
const cache = new Map<string, BodyBlock[]>();
const CACHE_LIMIT = 500;

/** The body of an article the viewer may read in full, ready to render. */
export function articleBodyBlocks(article: {
  id: string;
  updatedAt: string;
  content: string | null;
  richContent: RichBlock[] | null;
  videoUrl: string | null;
}): BodyBlock[] {
  const key = `${article.id}:${article.updatedAt}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const blocks = blocksOf(article.content, article.richContent, article.videoUrl);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, blocks);
  return blocks;
}

const escapeAttr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Rich blocks (the older body shape) as one editor document, so the editor can open any article. */
export function richBlocksAsHtml(blocks: RichBlock[]): string {
  const html = blocks
    .map((block) => {
      const caption = block.type !== "text" && block.caption ? `<p><em>${escapeAttr(block.caption)}</em></p>` : "";
      if (block.type === "text")
        return block.content.trimStart().startsWith("<")
          ? block.content
          : (marked.parse(block.content, { async: false }) as string);
      if (block.type === "image")
        return `<img src="${escapeAttr(block.content)}" alt="${escapeAttr(block.caption ?? "")}">${caption}`;
      const embed = videoEmbedUrl(block.content);
      return embed ? `<iframe src="${escapeAttr(embed)}"></iframe>${caption}` : "";
    })
    .join("");
  return sanitizeArticleHtml(html);
}

// Sanitised <img> tags: attribute values are quoted and escaped by sanitize-html, so neither pattern can be
// fooled by a ">" or a quote inside a value.
const IMG_TAG = /<img\b[^>]*>/g;
const srcOf = (tag: string) => /\ssrc="([^"]*)"/.exec(tag)?.[1] ?? null;

/** Every image URL in a body, for one lookup of their sizes and copies (lookupImages). */
export function bodyImageUrls(blocks: BodyBlock[]): string[] {
  return blocks.flatMap((block) => {
    if (block.type === "image") return [block.src];
    if (block.type === "html")
      return [...block.html.matchAll(IMG_TAG)].map((m) => srcOf(m[0])).filter((s) => s !== null);
    return [];
  });
}

/**
 * One sanitised <img> of our own media as a <picture> with its copies, and with its size so nothing shifts while
 * it loads. Everything added is built from the media record (keys are [a-z0-9._/-] only, see assertSafeKey),
 * never from the stored HTML, so the allow-list still decides what an editor's HTML may contain: a srcset can
 * only ever point at our own files.
 */
function responsiveImgTag(tag: string, image: ResponsiveImageData): string {
  let img = tag;
  if (image.width && image.height && !/\swidth="/.test(tag) && !/\sheight="/.test(tag))
    img = img.replace(/^<img\b/, `<img width="${image.width}" height="${image.height}"`);
  const { src, srcSet, sources, needsSizes } = imageSrcSets(image);
  const sizes = needsSizes ? ` sizes="${ARTICLE_COLUMN_SIZES}"` : "";
  if (srcSet) img = img.replace(/^<img\b/, `<img srcset="${srcSet}"${sizes}`);
  else if (src) img = img.replace(/\ssrc="[^"]*"/, ` src="${src}"`);
  if (!sources.length) return img;
  return `<picture>${sources.map((s) => `<source type="${s.type}" srcset="${s.srcSet}"${sizes} />`).join("")}${img}</picture>`;
}

/** The body with sizes and responsive copies on the images `lookup` knows (our uploads); others stay as they are. */
export function withResponsiveImages(blocks: BodyBlock[], lookup: ImageLookup): BodyBlock[] {
  return blocks.map((block) => {
    if (block.type === "image") return { ...block, image: lookup(block.src) };
    if (block.type !== "html" || !block.html.includes("<img")) return block;
    return {
      ...block,
      html: block.html.replace(IMG_TAG, (tag) => {
        const src = srcOf(tag);
        const image = src ? lookup(src) : null;
        return image ? responsiveImgTag(tag, image) : tag;
      }),
    };
  });
}
