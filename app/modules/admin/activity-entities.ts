/** What the audit log records changes to (shared by the log and its filter). */
export const ACTIVITY_ENTITIES = ["article", "ebook", "category", "user", "review", "comment", "upload"] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];
