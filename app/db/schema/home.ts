import { boolean, check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { ebooks } from "./content";
import { createdAt, updatedAt, uuidId } from "./columns";

export const heroSlides = pgTable("hero_slides", {
  id: uuidId(),
  title: text("title").notNull(),
  subtitle: text("subtitle"),
  imageUrl: text("image_url"),
  primaryButtonText: text("primary_button_text"),
  primaryButtonLink: text("primary_button_link"),
  secondaryButtonText: text("secondary_button_text"),
  secondaryButtonLink: text("secondary_button_link"),
  /** Its words on Swahili pages (issue 50); each unset one shows the English. */
  titleSw: text("title_sw"),
  subtitleSw: text("subtitle_sw"),
  primaryButtonTextSw: text("primary_button_text_sw"),
  secondaryButtonTextSw: text("secondary_button_text_sw"),
  published: boolean("published").notNull().default(false),
  sortKey: integer("sort_key").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const featuredEbookAd = pgTable("featured_ebook_ad", {
  id: uuidId(),
  active: boolean("active").notNull().default(false),
  ebookId: uuid("ebook_id").references(() => ebooks.id, { onDelete: "set null" }),
  coverImageUrl: text("cover_image_url"),
  headline: text("headline").notNull(),
  subtext: text("subtext"),
  primaryButtonText: text("primary_button_text"),
  primaryButtonLink: text("primary_button_link"),
  secondaryButtonText: text("secondary_button_text"),
  secondaryButtonLink: text("secondary_button_link"),
  /** Its words on Swahili pages (issue 50); each unset one shows the English. */
  headlineSw: text("headline_sw"),
  subtextSw: text("subtext_sw"),
  primaryButtonTextSw: text("primary_button_text_sw"),
  secondaryButtonTextSw: text("secondary_button_text_sw"),
  updatedAt: updatedAt(),
});

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuidId(),
    name: text("name").notNull(),
    role: text("role"),
    content: text("content").notNull(),
    rating: integer("rating").notNull().default(5),
    avatarUrl: text("avatar_url"),
    published: boolean("published").notNull().default(false),
    sortKey: integer("sort_key").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check("testimonials_rating_range", sql`${t.rating} between 1 and 5`)],
);
