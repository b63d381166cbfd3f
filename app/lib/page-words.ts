// The few words an islands page's script writes itself (issue 50, ADR 048): the buttons it adds, what it says while
// sending, its answers. The scripts hold them in English; a Swahili page carries its own words for them, from the
// catalogue, on its script element (`data-words`, app/lib/i18n/island-words.ts), so an English page's scripts carry no
// Swahili and its HTML nothing more.

let words: Record<string, string> | undefined;

/**
 * The page's words for `english`: the Swahili on a Swahili page, else the English itself. Every script element's
 * words count (the sign-in page's script brings its own). Browser only.
 */
export function say(english: string): string {
  words ??= Object.assign(
    {},
    ...[...document.querySelectorAll<HTMLElement>("script[data-words]")].map((s) => JSON.parse(s.dataset.words!)),
  ) as Record<string, string>;
  return words[english] ?? english;
}
