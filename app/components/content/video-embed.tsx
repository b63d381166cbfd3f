import { useState } from "react";

/** Loads the video player only when asked: no third-party requests until the reader presses play. */
export function VideoEmbed({ url, embedUrl, caption }: { url: string; embedUrl: string; caption: string | null }) {
  const [playing, setPlaying] = useState(false);
  return (
    <figure className="my-6">
      <div className="relative aspect-video overflow-hidden rounded-xl bg-gray-900">
        {playing ? (
          <iframe
            src={`${embedUrl}${embedUrl.includes("?") ? "&" : "?"}autoplay=1`}
            title={caption ?? "Video"}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            className="absolute inset-0 h-full w-full"
          />
        ) : (
          <a
            href={url}
            // For an islands page's script (ADR 045), which puts the player in place the same way.
            data-embed={embedUrl}
            data-title={caption ?? "Video"}
            onClick={(e) => {
              e.preventDefault();
              setPlaying(true);
            }}
            className="absolute inset-0 flex items-center justify-center text-white"
          >
            <span
              className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-600 text-2xl shadow-lg"
              aria-hidden="true"
            >
              ▶
            </span>
            <span className="sr-only">Play video{caption ? `: ${caption}` : ""}</span>
          </a>
        )}
      </div>
      {caption ? <figcaption className="mt-2 text-sm text-gray-600">{caption}</figcaption> : null}
    </figure>
  );
}
