/**
 * What the shop calls a signed-in reader (issue 46, item 22). The role "guest" is the access level of a reader
 * with no plan (buyers of single ebooks included), never a word to show her: she is signed in and has a name.
 */
export function readerNameOf(user: { fullName: string | null; email: string }): string {
  const name = user.fullName?.trim();
  if (name) return name;
  // CASE: no name saved yet -> the part of her address before the @, never the whole address.
  return user.email.split("@")[0] || "Reader";
}

/** The letter on her account button: the first of her name. */
export function readerInitialOf(user: { fullName: string | null; email: string }): string {
  return (readerNameOf(user)[0] ?? "R").toUpperCase();
}

/** The account's access level in her words: "Reader" for the role stored as "guest". */
export const ROLE_LABELS: Record<string, string> = { guest: "Reader", subscriber: "Subscriber", admin: "Admin" };

export function roleLabelOf(role: string): string {
  return ROLE_LABELS[role] ?? "Reader";
}
