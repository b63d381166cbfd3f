// Small EPUBs made in the tests (issue 32): a package with a spine, an EPUB 3 nav or an EPUB 2 NCX, and chapters.
import { strToU8, zipSync, type Zippable } from "fflate";

export interface EpubChapter {
  file: string;
  title: string;
  body: string;
}

/** A file the package lists in its manifest (a picture), at `OEBPS/<file>`, with the type the manifest says. */
export interface EpubResource {
  file: string;
  type: string;
  bytes: Uint8Array;
}

const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

const chapterXhtml = (chapter: EpubChapter) => `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>${chapter.title}</title><link rel="stylesheet" href="style.css"/></head>
<body>${chapter.body}</body></html>`;

/**
 * The files of an EPUB whose spine lists `chapters` in `spine` order (file names; all chapters by default), with
 * titles in an EPUB 3 nav, or an NCX when `toc` is "ncx", and `resources` (pictures) in its manifest.
 */
export function epubFiles({
  title = "A Test Book",
  chapters,
  spine = chapters.map((c) => c.file),
  toc = "nav",
  resources = [],
}: {
  title?: string;
  chapters: EpubChapter[];
  spine?: string[];
  toc?: "nav" | "ncx";
  resources?: EpubResource[];
}): Zippable {
  const id = (file: string) => `c-${file.replace(/\W/g, "-")}`;
  const manifest = [
    ...chapters.map((c) => `<item id="${id(c.file)}" href="${c.file}" media-type="application/xhtml+xml"/>`),
    ...resources.map((r) => `<item id="r-${id(r.file)}" href="${r.file}" media-type="${r.type}"/>`),
  ].join("\n");
  const nav = `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
<body><nav epub:type="toc"><ol>${chapters.map((c) => `<li><a href="${c.file}">${c.title}</a></li>`).join("")}</ol></nav></body></html>`;
  const ncx = `<?xml version="1.0" encoding="utf-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>${chapters
    .map(
      (c, i) =>
        `<navPoint id="n${i}" playOrder="${i + 1}"><navLabel><text>${c.title}</text></navLabel><content src="${c.file}"/></navPoint>`,
    )
    .join("")}</navMap></ncx>`;
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${title}</dc:title><dc:identifier id="id">test</dc:identifier></metadata>
  <manifest>
    ${toc === "nav" ? '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>' : '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>'}
    ${manifest}
  </manifest>
  <spine${toc === "ncx" ? ' toc="ncx"' : ""}>${spine.map((file) => `<itemref idref="${id(file)}"/>`).join("")}</spine>
</package>`;
  const files: Zippable = {
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(CONTAINER),
    "OEBPS/content.opf": strToU8(opf),
    [toc === "nav" ? "OEBPS/nav.xhtml" : "OEBPS/toc.ncx"]: strToU8(toc === "nav" ? nav : ncx),
  };
  for (const chapter of chapters) files[`OEBPS/${chapter.file}`] = strToU8(chapterXhtml(chapter));
  for (const resource of resources) files[`OEBPS/${resource.file}`] = [resource.bytes, { level: 0 }];
  return files;
}

export function epubBytes(options: Parameters<typeof epubFiles>[0]): Uint8Array {
  return zipSync(epubFiles(options));
}

/** Three short chapters, the second holding a script, an image and a link inside the book. */
export const SAMPLE_CHAPTERS: EpubChapter[] = [
  {
    file: "one.xhtml",
    title: "The Well",
    body: `<section><h1>The Well</h1><p>Water came late to the village that year.</p><p>Everyone waited.</p></section>`,
  },
  {
    file: "two.xhtml",
    title: "The Road",
    body: `<div><h2>The Road</h2><p>The road ran <em>east</em> to <a href="one.xhtml#x">the well</a>.</p>
      <script>document.title = "stolen"</script><p onclick="alert(1)">She walked it at dawn.<img src="pic.png" alt="a road"/></p></div>`,
  },
  {
    file: "three.xhtml",
    title: "Home",
    body: `<h1>Home</h1><div>They came home with full jars.</div><ul><li>One jar</li><li>Two jars</li></ul>`,
  },
];

/** A picture of `width` x `height` in `format`, drawn with sharp (two colours, so it is not blank). */
export async function testPicture(format: "png" | "jpeg", width = 1200, height = 800): Promise<Uint8Array> {
  const sharp = (await import("sharp")).default;
  const half = await sharp({
    create: { width: Math.ceil(width / 2), height, channels: 3, background: { r: 190, g: 18, b: 60 } },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: { r: 250, g: 235, b: 215 } } }).composite([
    { input: half, left: 0, top: 0 },
  ]);
  return new Uint8Array(await (format === "png" ? image.png() : image.jpeg({ quality: 80 })).toBuffer());
}

/**
 * A book with pictures: a cover (an SVG wrapping a JPEG), a PNG in a figure with a caption, a JPEG without alt, the
 * same PNG again, and pictures that must not be kept: bytes that lie about their type, one over the size limit, an
 * SVG (its alt text stays), one outside the archive, one the manifest does not list, a data: URL and an outside URL.
 */
export async function picturesEpub({ big = 10 * 1024 * 1024 + 1 }: { big?: number } = {}): Promise<Uint8Array> {
  const png = await testPicture("png");
  const jpeg = await testPicture("jpeg", 600, 900);
  const oversize = new Uint8Array(big);
  oversize.set(png.subarray(0, 64));
  const chapters: EpubChapter[] = [
    {
      file: "cover.xhtml",
      title: "Cover",
      body: `<div><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 900"><title>The Well, a cover</title><image width="600" height="900" xlink:href="images/cover.jpg"/></svg></div>`,
    },
    {
      file: "one.xhtml",
      title: "The Well",
      body: `<h1>The Well</h1><p>Water came late to the village that year.</p>
        <figure><img src="images/well.png" alt="A well &lt;b&gt;made&lt;/b&gt; of stone"/><figcaption>The old well.</figcaption></figure>
        <p>Everyone waited.<img src="images/photo.jpg"/></p>
        <p>The lie: <img src="images/lie.png" alt="a lie"/> and the big one: <img src="images/big.png" alt="too big"/></p>
        <p><img src="images/map.svg" alt="A map of the village"/></p>
        <p>Outside: <img src="../../outside.png" alt="outside"/><img src="images/unlisted.png" alt="unlisted"/><img src="data:image/png;base64,iVBORw0KGgo=" alt="data"/><img src="https://example.com/x.png" alt="remote"/></p>
        <p>Again: <img src="images/well.png" alt="The well again"/></p>`,
    },
  ];
  const files = epubFiles({
    chapters,
    resources: [
      { file: "images/cover.jpg", type: "image/jpeg", bytes: jpeg },
      { file: "images/well.png", type: "image/png", bytes: png },
      { file: "images/photo.jpg", type: "image/jpeg", bytes: jpeg },
      // An SVG (a picture sharp could draw, with a script inside) that says it is a PNG.
      {
        file: "images/lie.png",
        type: "image/png",
        bytes: strToU8(
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="red"/><script>alert(1)</script></svg>',
        ),
      },
      { file: "images/big.png", type: "image/png", bytes: oversize },
      {
        file: "images/map.svg",
        type: "image/svg+xml",
        bytes: strToU8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ],
  });
  // Declared over the limit, a few KB once deflated: refused from the zip directory, never inflated.
  files["OEBPS/images/big.png"] = [oversize, { level: 9 }];
  // In the archive, but not in the manifest.
  files["OEBPS/images/unlisted.png"] = [png, { level: 0 }];
  return zipSync(files);
}
