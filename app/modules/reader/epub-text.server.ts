// An uploaded EPUB read into text-edition sections (issue 32, ADR 032): checked by its bytes first (a ZIP whose first
// entry is an uncompressed `mimetype` holding `application/epub+zip`), held to limits before anything is inflated
// (entry count, declared sizes: a zip bomb is refused from its directory), no entry name with `..` or a leading
// slash, then the OPF's spine gives the reading order and the EPUB 3 nav (or the EPUB 2 NCX) the chapter titles.
// Each spine document's body is flattened into blocks (paragraphs, headings, lists, quotes, tables, pictures), every
// block cleaned with the article allow-list; links inside the book lose their href. Pictures: the book lists the raster
// pictures its chapters show (`pictures`, held to a count and a size from the zip directory) and inflates one at a
// time on asking; the edition job re-encodes them and says which it kept and where they are served, and only those
// are kept in the blocks (an SVG's alt text stands in for it; anything else not kept is dropped).
import { posix } from "node:path";
import { unzipSync } from "fflate";
import { DomUtils, parseDocument } from "htmlparser2";
import { Element, Text, type ChildNode } from "domhandler";
import { sanitizeArticleHtml } from "~/lib/safe-html.server";
import { AppError, isAppError } from "~/lib/app-error";
import { READER_ERRORS } from "./reader-errors";
import { SECTION_CHARS, type EditionPicture, type EditionSection } from "./text-sections";

export const EPUB_LIMITS = {
  /** Entries in the archive's directory. */
  entries: 2_000,
  /** Declared uncompressed size of all entries together. */
  totalBytes: 200 * 1024 * 1024,
  /** Declared uncompressed size of one text entry (OPF, nav, a chapter). */
  entryBytes: 16 * 1024 * 1024,
  /** Pictures kept, the first in reading order; the rest are dropped. */
  pictures: 300,
  /** Declared uncompressed size of one picture; a larger one is dropped (its text stays). */
  pictureBytes: 10 * 1024 * 1024,
};

export type EpubLimits = typeof EPUB_LIMITS;

/** Manifest types of the pictures an edition may keep (their bytes are checked again by the job). */
const RASTER_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);
const SVG_TYPE = "image/svg+xml";

/** A picture a chapter shows: its path in the archive and the size the zip directory declares for it. */
export interface EpubPictureRef {
  path: string;
  size: number;
}

/** A picture the edition keeps: where it is served and its size in pixels (reserved before it loads). */
export type KeptPicture = EditionPicture;

/** What to put where a chapter shows a picture: the kept picture, its alt text ("alt", an SVG), or nothing. */
type PictureLookup = (src: string) => KeptPicture | "alt" | null;

/** The file is not a readable EPUB; the detail says what is wrong, in words the admin can act on. */
const unreadable = (detail: string) => new AppError(READER_ERRORS.EPUB_UNREADABLE, detail);

const MIMETYPE = "application/epub+zip";

/** The first local file header must be `mimetype`, stored (not compressed), holding exactly the EPUB type. */
function checkMimetype(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isEpub = () => {
    if (bytes.length < 30 || view.getUint32(0, true) !== 0x04034b50) return false;
    if (view.getUint16(8, true) !== 0) return false;
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    const name = new TextDecoder().decode(bytes.subarray(30, 30 + nameLength));
    const size = view.getUint32(18, true);
    const start = 30 + nameLength + extraLength;
    const content = new TextDecoder().decode(bytes.subarray(start, start + size));
    return name === "mimetype" && content === MIMETYPE;
  };
  if (!isEpub())
    throw unreadable("this is not an EPUB (its first entry must be an uncompressed mimetype of application/epub+zip).");
}

interface Entry {
  name: string;
  originalSize: number;
}

function listEntries(bytes: Uint8Array, limits: EpubLimits): Entry[] {
  const entries: Entry[] = [];
  let total = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        entries.push({ name: file.name, originalSize: file.originalSize });
        total += file.originalSize;
        if (entries.length > limits.entries) throw unreadable("the EPUB holds too many files.");
        if (total > limits.totalBytes)
          throw unreadable(`the EPUB unpacks to more than ${Math.round(limits.totalBytes / 1024 / 1024)} MB.`);
        return false;
      },
    });
  } catch (error) {
    if (isAppError(error, READER_ERRORS.EPUB_UNREADABLE)) throw error;
    throw unreadable("the EPUB's zip directory could not be read.");
  }
  for (const entry of entries) {
    const parts = entry.name.split(/[\\/]/);
    if (entry.name.startsWith("/") || entry.name.includes("\\") || parts.includes("..") || /^[a-z]:/i.test(entry.name))
      throw unreadable("the EPUB holds a file with an unsafe path.");
  }
  return entries;
}

/** Inflates only the named entries, each held to its declared size (fflate never writes past it). */
function readEntries(bytes: Uint8Array, entries: Map<string, Entry>, names: Set<string>, limits = EPUB_LIMITS) {
  for (const name of names) {
    const entry = entries.get(name);
    if (!entry) throw unreadable(`the EPUB names ${name.slice(0, 80)}, which it does not hold.`);
    if (entry.originalSize > limits.entryBytes) throw unreadable("a file inside the EPUB is too large.");
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => names.has(file.name) });
  } catch {
    throw unreadable("the EPUB's contents could not be unpacked.");
  }
  const decoder = new TextDecoder();
  return new Map(Object.entries(files).map(([name, data]) => [name, decoder.decode(data)]));
}

/** One entry's bytes, inflated only when its declared size is within `maxBytes` (null otherwise). */
function readBinary(bytes: Uint8Array, entry: Entry, maxBytes: number): Uint8Array | null {
  if (entry.originalSize > maxBytes) return null;
  try {
    return unzipSync(bytes, { filter: (file) => file.name === entry.name })[entry.name] ?? null;
  } catch {
    return null;
  }
}

const xml = (text: string) => parseDocument(text, { xmlMode: true });
const html = (text: string) =>
  parseDocument(text, { xmlMode: false, recognizeSelfClosing: true, lowerCaseTags: true, decodeEntities: true });

/** Local name of a tag, without any namespace prefix (`opf:item` -> `item`). */
const local = (el: Element) => el.name.replace(/^.*:/, "").toLowerCase();
const findAll = (root: ChildNode[] | ChildNode, name: string) =>
  DomUtils.findAll((el) => local(el) === name, Array.isArray(root) ? root : [root]);

/** A path from an href inside `base` (a file in the archive), without fragment; null when it leaves the archive. */
function resolveHref(base: string, href: string): string | null {
  const path = href.split("#")[0];
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("/")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const joined = posix.normalize(posix.join(posix.dirname(base), decoded));
  return joined.startsWith("../") || joined === ".." ? null : joined.replace(/^\.\//, "");
}

const cleanText = (text: string) => text.replace(/\s+/g, " ").trim();

/** Chapter titles by document, from the EPUB 3 nav's toc or the EPUB 2 NCX (the first entry naming a file wins). */
function titlesFrom(kind: "nav" | "ncx", path: string, text: string): Map<string, string> {
  const titles = new Map<string, string>();
  const add = (href: string | undefined, title: string) => {
    const target = href ? resolveHref(path, href) : null;
    if (target && title && !titles.has(target)) titles.set(target, title.slice(0, 200));
  };
  if (kind === "ncx") {
    for (const point of findAll(xml(text).children, "navpoint")) {
      const label = findAll(point, "text")[0];
      const content = findAll(point, "content")[0];
      add(content?.attribs.src, cleanText(label ? DomUtils.textContent(label) : ""));
    }
    return titles;
  }
  const doc = html(text);
  const navs = findAll(doc.children, "nav");
  const toc = navs.find((nav) => /\btoc\b/.test(nav.attribs["epub:type"] ?? "")) ?? navs[0];
  for (const link of toc ? findAll(toc, "a") : []) add(link.attribs.href, cleanText(DomUtils.textContent(link)));
  return titles;
}

const BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "pre", "table", "hr"]);
const CONTAINERS = new Set([
  "div",
  "section",
  "article",
  "main",
  "header",
  "footer",
  "aside",
  "body",
  "figure",
  "figcaption",
]);
// Pictures (img, and an SVG wrapping one picture) are handled before these go.
const DROPPED = new Set(["script", "style", "image", "svg", "video", "audio", "iframe", "object", "embed"]);
const DROPPED_ANYWHERE = ["head", "nav", "math", "form", "input", "button", "select", "textarea", ...DROPPED];

/** True when an element holds a block or container somewhere inside, so it is split rather than kept whole. */
const holdsBlocks = (el: Element) => DomUtils.findOne((c) => BLOCKS.has(c.name) || CONTAINERS.has(c.name), el.children);

const cleanAlt = (alt: string | undefined) => cleanText(alt ?? "").slice(0, 500);

/** An SVG's picture link (`xlink:href` or `href`), when the SVG only wraps one picture (a cover, usually). */
function svgPicture(svg: Element): { href: string; alt: string } | null {
  const drawn = DomUtils.findAll((e) => !["title", "desc"].includes(local(e)), svg.children);
  if (drawn.length !== 1 || local(drawn[0]) !== "image") return null;
  const href = drawn[0].attribs["xlink:href"] ?? drawn[0].attribs.href;
  if (!href) return null;
  const title = findAll(svg, "title")[0];
  return { href, alt: cleanAlt(svg.attribs["aria-label"] ?? (title ? DomUtils.textContent(title) : "")) };
}

/** The picture links of a document, in order: every img's src and each picture-wrapping SVG's href. */
function pictureLinks(doc: ChildNode[]): string[] {
  return DomUtils.findAll((e) => local(e) === "img" || local(e) === "svg", doc).flatMap((el) => {
    if (local(el) === "img") return el.attribs.src ? [el.attribs.src] : [];
    const picture = svgPicture(el);
    return picture ? [picture.href] : [];
  });
}

/**
 * A spine document's body as block HTML strings, in order. `pictureFor` says what stands where a picture is (by its
 * src as written): the kept picture, its alt text, or nothing (the default: every picture dropped).
 */
export function blocksOfDocument(xhtml: string, pictureFor: PictureLookup = () => null): string[] {
  const doc = html(xhtml);
  // An SVG that only wraps one picture (EPUB covers) is that picture, with the SVG's title as its alt text.
  for (const svg of findAll(doc.children, "svg")) {
    const picture = svgPicture(svg);
    if (picture) DomUtils.replaceElement(svg, new Element("img", { src: picture.href, alt: picture.alt }));
  }
  for (const el of DomUtils.findAll((e) => DROPPED_ANYWHERE.includes(local(e)), doc.children))
    DomUtils.removeElement(el);
  for (const img of findAll(doc.children, "img")) {
    const alt = cleanAlt(img.attribs.alt);
    const kept = img.attribs.src ? pictureFor(img.attribs.src) : null;
    if (kept && kept !== "alt") {
      const attribs = { src: kept.src, alt, width: String(kept.width), height: String(kept.height) };
      DomUtils.replaceElement(img, new Element("img", attribs));
    } else if (kept === "alt" && alt) DomUtils.replaceElement(img, new Text(alt));
    else DomUtils.removeElement(img);
  }
  for (const el of DomUtils.findAll(() => true, doc.children)) {
    el.name = local(el);
    // Links inside the book point at files readers never get; outside links stay (the allow-list checks them).
    if (el.name === "a" && !/^https?:\/\//i.test(el.attribs.href ?? "")) delete el.attribs.href;
    if (el.name === "h5" || el.name === "h6") el.name = "h4";
    for (const attribute of Object.keys(el.attribs))
      if (/^(id|class|style|epub:)/.test(attribute)) delete el.attribs[attribute];
  }
  // A chapter's top heading is h1 whatever level the book used (the reader shows it one level down, under its title).
  const headings = DomUtils.findAll((e) => /^h[1-4]$/.test(e.name), doc.children);
  const shift = Math.min(...headings.map((h) => Number(h.name[1]))) - 1;
  if (shift > 0) for (const h of headings) h.name = `h${Number(h.name[1]) - shift}`;
  const body = findAll(doc.children, "body")[0];
  const blocks: string[] = [];
  let inline: ChildNode[] = [];
  const flushInline = () => {
    const text = inline.map((node) => DomUtils.getOuterHTML(node)).join("");
    if (text.trim()) blocks.push(`<p>${text.trim()}</p>`);
    inline = [];
  };
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      const el = node.type === "tag" ? (node as Element) : null;
      if (el && BLOCKS.has(el.name)) {
        flushInline();
        blocks.push(DomUtils.getOuterHTML(el));
      } else if (el && CONTAINERS.has(el.name)) {
        flushInline();
        if (holdsBlocks(el)) walk(el.children);
        else inline = [...el.children];
        flushInline();
      } else if (node.type === "text" || el) inline.push(node);
    }
    flushInline();
  };
  walk(body ? body.children : doc.children);
  return blocks;
}

const textOf = (blockHtml: string) => cleanText(DomUtils.textContent(html(blockHtml)));
const holdsPicture = (blockHtml: string) => /<img\b/.test(blockHtml);

/** An EPUB opened for its edition: checked, its spine and table of contents read, its pictures listed. */
export interface EpubBook {
  /** The raster pictures its chapters show (manifest items inside the archive), in reading order, each once. */
  pictures: EpubPictureRef[];
  /** One picture's bytes, inflated now; null when it is over the size limit or cannot be unpacked. */
  readPicture(picture: EpubPictureRef): Uint8Array | null;
  /** The sections, keeping the pictures `kept` names (by path in the archive), in their places. */
  sections(options?: { maxChars?: number; kept?: ReadonlyMap<string, KeptPicture> }): EditionSection[];
}

/** Reads an EPUB's structure; throws EPUB_UNREADABLE (with the reason) when it is not one the shop can read. */
export function openEpub(bytes: Uint8Array, limitsAsked: Partial<EpubLimits> = {}): EpubBook {
  const limits = { ...EPUB_LIMITS, ...limitsAsked };
  checkMimetype(bytes);
  const list = listEntries(bytes, limits);
  const entries = new Map(list.map((entry) => [entry.name, entry]));
  const container = readEntries(bytes, entries, new Set(["META-INF/container.xml"])).get("META-INF/container.xml")!;
  const rootfile = findAll(xml(container).children, "rootfile")[0]?.attribs["full-path"];
  const opfPath = rootfile ? resolveHref("container.xml", rootfile) : null;
  if (!opfPath) throw unreadable("the EPUB does not name its package file (META-INF/container.xml).");
  const opf = xml(readEntries(bytes, entries, new Set([opfPath]), limits).get(opfPath)!);
  const manifest = new Map<string, { path: string; type: string; properties: string }>();
  for (const item of findAll(opf.children, "item")) {
    const path = item.attribs.href ? resolveHref(opfPath, item.attribs.href) : null;
    if (item.attribs.id && path)
      manifest.set(item.attribs.id, {
        path,
        type: (item.attribs["media-type"] ?? "").toLowerCase(),
        properties: item.attribs.properties ?? "",
      });
  }
  const typeOfPath = new Map([...manifest.values()].map((item) => [item.path, item.type]));
  const spineEl = findAll(opf.children, "spine")[0];
  const spine = (spineEl ? findAll(spineEl, "itemref") : [])
    .filter((ref) => ref.attribs.linear !== "no")
    .map((ref) => manifest.get(ref.attribs.idref ?? ""))
    .filter((item) => item && /html/.test(item.type))
    .map((item) => item!.path);
  if (!spine.length) throw unreadable("the EPUB's spine lists no chapters.");
  const nav = [...manifest.values()].find((item) => /\bnav\b/.test(item.properties));
  const ncx = manifest.get(spineEl?.attribs.toc ?? "") ?? [...manifest.values()].find((i) => /ncx/.test(i.type));
  const tocFile = nav ?? ncx;
  const texts = readEntries(bytes, entries, new Set([...spine, ...(tocFile ? [tocFile.path] : [])]), limits);
  const titles = tocFile ? titlesFrom(nav ? "nav" : "ncx", tocFile.path, texts.get(tocFile.path)!) : new Map();
  const documents = [...new Set(spine)];

  // A picture link kept only when it names a raster manifest item the archive holds, within the size limit.
  const rasterAt = (document: string, src: string): string | null => {
    const path = resolveHref(document, src);
    const entry = path ? entries.get(path) : undefined;
    if (!path || !entry || !RASTER_TYPES.has(typeOfPath.get(path) ?? "")) return null;
    return entry.originalSize <= limits.pictureBytes ? path : null;
  };
  const pictures: EpubPictureRef[] = [];
  const listed = new Set<string>();
  for (const document of documents)
    for (const src of pictureLinks(html(texts.get(document)!).children)) {
      const path = rasterAt(document, src);
      if (!path || listed.has(path) || pictures.length >= limits.pictures) continue;
      listed.add(path);
      pictures.push({ path, size: entries.get(path)!.originalSize });
    }

  return {
    pictures,
    readPicture: (picture) =>
      listed.has(picture.path) ? readBinary(bytes, entries.get(picture.path)!, limits.pictureBytes) : null,
    sections({ maxChars = SECTION_CHARS, kept = new Map() } = {}) {
      const sections: EditionSection[] = [];
      for (const path of documents) {
        const pictureFor: PictureLookup = (src) => {
          const target = resolveHref(path, src);
          if (!target) return null;
          const picture = listed.has(target) ? kept.get(target) : undefined;
          if (picture) return picture;
          return typeOfPath.get(target) === SVG_TYPE || /\.svg$/i.test(target) ? "alt" : null;
        };
        const blocks = blocksOfDocument(texts.get(path)!, pictureFor)
          .map((block) => sanitizeArticleHtml(block))
          .map((block) => ({ html: block, text: textOf(block) }))
          .filter((block) => block.text || block.html.startsWith("<hr") || holdsPicture(block.html));
        if (!blocks.some((block) => block.text || holdsPicture(block.html))) continue;
        const firstHeading = blocks.find((block) => /^<h[1-4]/.test(block.html))?.text;
        const title = titles.get(path) ?? firstHeading ?? `Part ${sections.length + 1}`;
        let part: EditionSection = { title, blocks: [], chars: 0 };
        let parts = 1;
        for (const block of blocks) {
          if (part.chars >= maxChars && block.html.startsWith("<p")) {
            sections.push(part);
            parts++;
            part = { title: `${title} (${parts})`, blocks: [], chars: 0 };
          }
          part.blocks.push(block.html);
          part.chars += block.text.length;
        }
        sections.push(part);
      }
      // CASE: a book of pictures only (a scanned EPUB): the text edition has nothing to reflow.
      if (!sections.some((section) => section.chars > 0)) throw unreadable("no text was found in the EPUB.");
      return sections;
    },
  };
}

/** An EPUB's text edition: one section per spine document (long ones cut at a paragraph), titles from its table of contents. */
export function sectionsFromEpub(
  bytes: Uint8Array,
  { maxChars = SECTION_CHARS, limits = {} }: { maxChars?: number; limits?: Partial<EpubLimits> } = {},
): EditionSection[] {
  return openEpub(bytes, limits).sections({ maxChars });
}
