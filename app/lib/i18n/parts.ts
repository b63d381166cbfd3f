// A translated sentence cut at the values it shows (issue 50, ADR 048): `textParts(t("ebook.pages", { count }), count)`
// gives ["120", " pages"] in English and ["kurasa ", "120"] in Swahili. React writes each part as a text of its own,
// as it wrote `{count} pages` before the words moved into the catalogues, so an English page's HTML stays the same
// bytes while each language puts the value where its grammar wants it.

/** `text` split before and after each of `values` (in order; empty parts dropped). */
export function textParts(text: string, ...values: (string | number)[]): string[] {
  const parts: string[] = [];
  let rest = text;
  for (const value of values) {
    const shown = String(value);
    const at = rest.indexOf(shown);
    if (at === -1) continue;
    parts.push(rest.slice(0, at), shown);
    rest = rest.slice(at + shown.length);
  }
  parts.push(rest);
  return parts.filter((part) => part !== "");
}
