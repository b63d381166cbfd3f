/** What the audit log records changes to (shared by the log and its filter), with the filter's words. */
export const ACTIVITY_ENTITY_LABELS = {
  article: "Articles",
  ebook: "Ebooks",
  category: "Categories",
  user: "Users",
  review: "Reviews",
  comment: "Comments",
  upload: "Uploads",
  "hero-slide": "Hero slides",
  "featured-ad": "Featured ad",
  testimonial: "Testimonials",
  order: "Orders and refunds",
  subscription: "Subscriptions granted by hand",
  "offer-code": "Offer codes",
  plan: "Plans",
} as const;
export type ActivityEntity = keyof typeof ACTIVITY_ENTITY_LABELS;
export const ACTIVITY_ENTITIES = Object.keys(ACTIVITY_ENTITY_LABELS) as ActivityEntity[];
