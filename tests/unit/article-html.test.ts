import { describe, expect, it } from "vitest";
import {
  articleBodyBlocks,
  bodyImageUrls,
  safeHtml,
  withResponsiveImages,
} from "~/modules/content/article-html.server";
import { responsiveImageData, type ResponsiveImageData } from "~/modules/storage/responsive-image";
import { videoEmbedUrl } from "~/lib/video-embed";

describe("safeHtml", () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<p>Hello <strong>there</strong> <em>friend</em></p><ul><li><p>one</p></li></ul><blockquote><p>q</p></blockquote><ol start="3"><li>x</li></ol>';
    expect(safeHtml(html)).toBe(html);
  });

  it("drops scripts, event handlers, styles, frames and forms", () => {
    const out = safeHtml(
      '<p onclick="steal()" style="color:red" class="x">Hi</p><script>alert(1)</script><iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><style>p{}</style><svg><script>1</script></svg>',
    );
    expect(out).toBe("<p>Hi</p>");
  });

  it("drops javascript:, data: and protocol-relative links and images", () => {
    const out = safeHtml(
      '<p><a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a><a href="//evil.example">c</a></p><img src="data:image/png;base64,AAAA"><img src="http://insecure.example/x.png"><img src="//evil.example/x.png">',
    );
    expect(out).not.toMatch(/javascript:|data:|evil|insecure/);
    expect(out).not.toContain("<img");
  });

  it("opens outside links in a new tab without handing over the page, and keeps inside links as they are", () => {
    expect(safeHtml('<p><a href="https://who.int/">WHO</a> <a href="/pricing">plans</a></p>')).toBe(
      '<p><a href="https://who.int/" rel="noopener noreferrer nofollow" target="_blank">WHO</a> <a href="/pricing">plans</a></p>',
    );
  });

  it("lazy-loads https and same-site images", () => {
    expect(safeHtml('<p><img src="/media/public/a.svg" alt="A"><img src="https://cdn.example/b.jpg" alt=""></p>')).toBe(
      '<p><img src="/media/public/a.svg" alt="A" loading="lazy" decoding="async" /><img src="https://cdn.example/b.jpg" alt="" loading="lazy" decoding="async" /></p>',
    );
  });

  it("moves editor headings one level down so the page title stays the only h1", () => {
    expect(safeHtml("<h1>A</h1><h2>B</h2><h3>C</h3>")).toBe("<h2>A</h2><h3>B</h3><h4>C</h4>");
  });

  it("renders plain and markdown text as paragraphs, escaping any markup it holds", () => {
    expect(safeHtml("First paragraph.\n\nSecond with **bold**.")).toBe(
      "<p>First paragraph.</p>\n<p>Second with <strong>bold</strong>.</p>",
    );
    expect(safeHtml("Text then <script>alert(1)</script> more")).not.toContain("<script");
  });
});

describe("articleBodyBlocks", () => {
  const base = { id: "a1", updatedAt: "2026-11-01T00:00:00.000Z", content: null, richContent: null, videoUrl: null };

  it("turns rich blocks into safe HTML, images and videos, in order", () => {
    const blocks = articleBodyBlocks({
      ...base,
      richContent: [
        { type: "text", content: "Intro <b>bold</b>" },
        { type: "image", content: "/media/public/x.svg", caption: "A plate" },
        { type: "image", content: "javascript:alert(1)", caption: "bad" },
        { type: "video", content: "https://youtu.be/nR7kQ2pLx4A", caption: "Watch" },
      ],
    });
    expect(blocks).toEqual([
      { type: "html", html: "<p>Intro <strong>bold</strong></p>" },
      { type: "image", src: "/media/public/x.svg", caption: "A plate" },
      {
        type: "video",
        url: "https://youtu.be/nR7kQ2pLx4A",
        embedUrl: "https://www.youtube-nocookie.com/embed/nR7kQ2pLx4A",
        caption: "Watch",
      },
    ]);
  });

  it("shows the video before HTML content when there are no blocks", () => {
    const blocks = articleBodyBlocks({
      ...base,
      id: "a2",
      content: "<p>Body</p>",
      videoUrl: "https://vimeo.com/123456",
    });
    expect(blocks.map((b) => b.type)).toEqual(["video", "html"]);
    expect(blocks[0]).toMatchObject({ embedUrl: "https://player.vimeo.com/video/123456?dnt=1" });
  });

  it("re-renders when the article changes", () => {
    const first = articleBodyBlocks({ ...base, id: "a3", content: "<p>Old</p>" });
    const again = articleBodyBlocks({ ...base, id: "a3", content: "<p>Old</p>" });
    const edited = articleBodyBlocks({
      ...base,
      id: "a3",
      updatedAt: "2026-11-02T00:00:00.000Z",
      content: "<p>New</p>",
    });
    expect(again).toBe(first);
    expect(edited).toEqual([{ type: "html", html: "<p>New</p>" }]);
  });
});

describe("responsive images in a body", () => {
  const known: Record<string, ResponsiveImageData> = {
    "/media/images/a.jpg": responsiveImageData("/media/images/a.jpg", 1600, 900, {
      widths: [320, 640],
      formats: ["avif", "webp", "jpg"],
    }),
    "/media/images/g.gif": responsiveImageData("/media/images/g.gif", 300, 200, null),
  };
  const lookup = (url: string | null | undefined) => (url ? (known[url] ?? null) : null);

  it("gives our uploads their size and copies; outside images stay as they were", () => {
    const blocks = articleBodyBlocks({
      id: "r1",
      updatedAt: "2026-01-01T00:00:00.000Z",
      content: null,
      videoUrl: null,
      richContent: [
        {
          type: "text",
          content:
            '<p>One</p><img src="/media/images/a.jpg" alt="A plate"><img src="/media/images/g.gif" alt=""><img src="https://cdn.example/b.jpg" alt="">',
        },
        { type: "image", content: "/media/images/a.jpg", caption: "Again" },
      ],
    });
    expect(bodyImageUrls(blocks)).toEqual([
      "/media/images/a.jpg",
      "/media/images/g.gif",
      "https://cdn.example/b.jpg",
      "/media/images/a.jpg",
    ]);
    const [html, image] = withResponsiveImages(blocks, lookup);
    const sizes = 'sizes="(min-width: 768px) 736px, calc(100vw - 2rem)"';
    expect(html).toEqual({
      type: "html",
      html:
        "<p>One</p>" +
        `<picture><source type="image/avif" srcset="/media/images/a-320w.avif 320w, /media/images/a-640w.avif 640w" ${sizes} />` +
        '<img width="1600" height="900" src="/media/images/a-640w.jpg" alt="A plate" loading="lazy" decoding="async" /></picture>' +
        '<img width="300" height="200" src="/media/images/g.gif" alt="" loading="lazy" decoding="async" />' +
        '<img src="https://cdn.example/b.jpg" alt="" loading="lazy" decoding="async" />',
    });
    expect(image).toEqual({
      type: "image",
      src: "/media/images/a.jpg",
      caption: "Again",
      image: known["/media/images/a.jpg"],
    });
  });

  it("never lets stored HTML bring its own srcset or sources", () => {
    const html = safeHtml(
      '<picture><source srcset="https://evil.example/x.jpg"></picture><img src="/media/images/a.jpg" srcset="https://evil.example/x.jpg 1w" sizes="1px" alt="">',
    );
    expect(html).not.toMatch(/evil|<source|<picture|sizes=/);
    const [block] = withResponsiveImages([{ type: "html", html }], lookup);
    expect(block.type === "html" && block.html).not.toContain("evil");
  });
});

describe("videoEmbedUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=nR7kQ2pLx4A", "https://www.youtube-nocookie.com/embed/nR7kQ2pLx4A"],
    ["https://m.youtube.com/watch?v=nR7kQ2pLx4A&t=10", "https://www.youtube-nocookie.com/embed/nR7kQ2pLx4A"],
    ["https://youtu.be/nR7kQ2pLx4A", "https://www.youtube-nocookie.com/embed/nR7kQ2pLx4A"],
    ["https://www.youtube.com/embed/nR7kQ2pLx4A", "https://www.youtube-nocookie.com/embed/nR7kQ2pLx4A"],
    ["https://www.youtube.com/shorts/nR7kQ2pLx4A", "https://www.youtube-nocookie.com/embed/nR7kQ2pLx4A"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
  ])("%s plays as %s", (link, embed) => {
    expect(videoEmbedUrl(link)).toBe(embed);
  });

  it.each([
    "javascript:alert(1)",
    "not a url",
    "https://evil.example/watch?v=nR7kQ2pLx4A",
    "https://www.youtube.com/watch?v=%22%3E%3Cscript%3E",
    "https://vimeo.com/channels/staff",
  ])("%s has no player", (link) => {
    expect(videoEmbedUrl(link)).toBeNull();
  });
});
