/** A plan's ebook allowance in words ('2 ebooks of your choice'); null limit means unlimited. */
export function ebookAllowanceText(limit: number | null): string {
  if (limit === null) return "Unlimited ebooks";
  return limit === 1 ? "1 ebook of your choice" : `${limit} ebooks of your choice`;
}
