import { lazy, Suspense } from "react";
import type { BodyBlock } from "~/modules/content/article-html.server";
import { ResponsiveImage } from "~/components/responsive-image";
import { useDataSaver } from "~/components/data-saver";
import { ARTICLE_COLUMN_SIZES } from "~/modules/storage/responsive-image";

// Most articles have no video: the player loads with the first one.
const VideoEmbed = lazy(() => import("./video-embed").then((m) => ({ default: m.VideoEmbed })));

/** An article body as prepared on the server: sanitised HTML fragments, images and videos. */
export function ArticleBody({ blocks }: { blocks: BodyBlock[] }) {
  const dataSaver = useDataSaver();
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
              />
              {block.caption ? <figcaption>{block.caption}</figcaption> : null}
            </figure>
          );
        // Data saver: a video is a link until she taps it (a player costs megabytes before the first frame).
        if (!block.embedUrl || dataSaver)
          return (
            <p key={i}>
              <a href={block.url} rel="noopener noreferrer nofollow" target="_blank">
                {block.caption ? `Watch the video: ${block.caption}` : "Watch the video"}
              </a>
            </p>
          );
        return (
          <Suspense key={i} fallback={<div className="my-6 aspect-video rounded-xl bg-gray-900" />}>
            <VideoEmbed url={block.url} embedUrl={block.embedUrl} caption={block.caption} />
          </Suspense>
        );
      })}
    </div>
  );
}
