// The few words an islands page's script writes itself (issue 50, ADR 048): the buttons it adds, what it says while
// sending, its answers. The scripts hold them in English; a Swahili page carries its own words for them, from the
// catalogue, on its script element (`data-words`, app/lib/i18n/island-words.ts), so an English page's scripts carry no
// Swahili and its HTML nothing more.

let words: Record<string, string> | undefined;

/** The page's words for `english`: the Swahili on a Swahili page, else the English itself. Browser only. */
export function say(english: string): string {
  words ??= JSON.parse(document.querySelector<HTMLElement>("script[data-words]")?.dataset.words ?? "{}") as Record<
    string,
    string
  >;
  return words[english] ?? english;
}
