import type { RichBlock } from "~/db/schema/content";
import { plainText } from "~/modules/content/text";
import { VideoEmbed } from "./video-embed";

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className="my-4 leading-relaxed text-gray-800">
            {p}
          </p>
        ))}
    </>
  );
}

/** Renders rich blocks (text, image, video) or, failing those, the stored text. Text is never injected as HTML. */
export function ArticleBody({ richContent, content }: { richContent: RichBlock[] | null; content: string | null }) {
  if (richContent?.length) {
    return (
      <>
        {richContent.map((block, i) => {
          if (block.type === "text") return <Paragraphs key={i} text={block.content} />;
          if (block.type === "image")
            return (
              <figure key={i} className="my-6">
                <img
                  src={block.content}
                  alt={block.caption ?? ""}
                  width="1200"
                  height="675"
                  loading="lazy"
                  className="w-full rounded-xl"
                />
                {block.caption ? <figcaption className="mt-2 text-sm text-gray-600">{block.caption}</figcaption> : null}
              </figure>
            );
          return <VideoEmbed key={i} url={block.content} caption={block.caption} />;
        })}
      </>
    );
  }
  const text = content ?? "";
  return (
    <Paragraphs
      text={text.trimStart().startsWith("<") ? plainText(text.replace(/<\/(p|h[1-6]|li|div)>/gi, "\n\n")) : text}
    />
  );
}
