/** A saved copy's size as her data plan counts it: '48 KB', '1.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1000 / 1000).toFixed(1)} MB`;
}
