import { boolean, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { ebooks } from "./content";

export const heroSlides = pgTable("hero_slides", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  subtitle: text("subtitle"),
  imageUrl: text("image_url"),
  primaryButtonText: text("primary_button_text"),
  primaryButtonLink: text("primary_button_link"),
  secondaryButtonText: text("secondary_button_text"),
  secondaryButtonLink: text("secondary_button_link"),
  published: boolean("published").notNull().default(false),
  sortKey: integer("sort_key").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const featuredEbookAd = pgTable("featured_ebook_ad", {
  id: uuid("id").primaryKey().defaultRandom(),
  active: boolean("active").notNull().default(false),
  ebookId: uuid("ebook_id").references(() => ebooks.id, { onDelete: "set null" }),
  coverImageUrl: text("cover_image_url"),
  headline: text("headline").notNull(),
  subtext: text("subtext"),
  primaryButtonText: text("primary_button_text"),
  primaryButtonLink: text("primary_button_link"),
  secondaryButtonText: text("secondary_button_text"),
  secondaryButtonLink: text("secondary_button_link"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    role: text("role"),
    content: text("content").notNull(),
    rating: integer("rating").notNull().default(5),
    avatarUrl: text("avatar_url"),
    published: boolean("published").notNull().default(false),
    sortKey: integer("sort_key").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("testimonials_rating_range", sql`${t.rating} between 1 and 5`)],
);
