/** How long a reader's file URL works; renewed while she reads. The issue allows at most an hour. */
export const FILE_URL_SECONDS = 15 * 60;
export const MAX_FILE_URL_SECONDS = 3600;

export function fileUrlPath(ebookId: string): string {
  return `/ebook/${ebookId}/file`;
}
