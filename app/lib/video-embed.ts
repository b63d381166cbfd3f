// Video links as stored by editors (watch pages, short links, embeds) turned into privacy-friendly player URLs.

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/** The embeddable player URL of a YouTube or Vimeo link, or null for anything else. */
export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const path = url.pathname.split("/").filter(Boolean);
  let youtubeId: string | null = null;
  if (host === "youtu.be") youtubeId = path[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (path[0] === "watch") youtubeId = url.searchParams.get("v");
    else if (path[0] === "embed" || path[0] === "shorts" || path[0] === "live") youtubeId = path[1] ?? null;
  }
  if (youtubeId) return YOUTUBE_ID.test(youtubeId) ? `https://www.youtube-nocookie.com/embed/${youtubeId}` : null;
  if (host === "vimeo.com" && /^\d+$/.test(path[0] ?? "")) return `https://player.vimeo.com/video/${path[0]}?dnt=1`;
  if (host === "player.vimeo.com" && path[0] === "video" && /^\d+$/.test(path[1] ?? ""))
    return `https://player.vimeo.com/video/${path[1]}?dnt=1`;
  return null;
}
