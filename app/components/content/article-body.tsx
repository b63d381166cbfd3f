import type { BodyBlock } from "~/modules/content/article-html.server";
import { ResponsiveImage } from "~/components/responsive-image";
import { useDataSaver } from "~/components/data-saver";
import { ARTICLE_COLUMN_SIZES } from "~/modules/storage/responsive-image";
import { useT } from "~/lib/i18n/use-t";

import { VideoEmbed } from "./video-embed";

/** An article body as prepared on the server: sanitised HTML fragments, images and videos. */
export function ArticleBody({ blocks }: { blocks: BodyBlock[] }) {
  const dataSaver = useDataSaver();
  const t = useT();
  return (
    <div className="article-body">
      {blocks.map((block, i) => {
        if (block.type === "html") return <div key={i} dangerouslySetInnerHTML={{ __html: block.html }} />;
        if (block.type === "image")
          return (
            <figure key={i}>
              <ResponsiveImage
                image={block.image}
                src={block.src}
                alt={block.caption ?? ""}
                width={1200}
                height={675}
                sizes={ARTICLE_COLUMN_SIZES}
                whenSavingData="tap"
                tapId={`b${i}`}
              />
              {block.caption ? <figcaption>{block.caption}</figcaption> : null}
            </figure>
          );
        // Data saver: a video is a link until she taps it (a player costs megabytes before the first frame).
        if (!block.embedUrl || (import.meta.env.SSR && dataSaver))
          return (
            <p key={i}>
              <a href={block.url} rel="noopener noreferrer nofollow" target="_blank">
                {block.caption ? t("dataSaver.watchVideo", { caption: block.caption }) : t("dataSaver.watchVideoBare")}
              </a>
            </p>
          );
        // The player's few lines cost less here than as a chunk of their own (a request and its import header).
        return <VideoEmbed key={i} url={block.url} embedUrl={block.embedUrl} caption={block.caption} />;
      })}
    </div>
  );
}
