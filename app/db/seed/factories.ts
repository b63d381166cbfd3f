import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Database } from "../client.server";
import {
  accounts,
  articleCategories,
  articles,
  categories,
  ebookCategories,
  ebooks,
  profiles,
  subscriptionPlans,
  userSubscriptions,
  users,
  type RichBlock,
} from "../schema";

type Role = "guest" | "subscriber" | "admin";
type Access = "free" | "premium" | "subscription";

export interface CreateUserInput {
  email: string;
  fullName?: string;
  role?: Role;
  password?: string;
  emailVerified?: boolean;
}

/** A confirmed account with a password (better-auth credential) and its profile. */
export async function createUser(db: Database, input: CreateUserInput) {
  const id = randomUUID();
  const role = input.role ?? "guest";
  const fullName = input.fullName ?? input.email.split("@")[0];
  await db.insert(users).values({
    id,
    name: fullName,
    email: input.email.toLowerCase(),
    emailVerified: input.emailVerified ?? true,
    role: role === "admin" ? "admin" : "user",
  });
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(input.password ?? "password123"),
  });
  await db.insert(profiles).values({ id, email: input.email.toLowerCase(), fullName, role });
  return { id, email: input.email.toLowerCase(), fullName, role };
}

export async function createCategory(
  db: Database,
  input: Partial<typeof categories.$inferInsert> & { name: string; slug: string },
) {
  const [row] = await db.insert(categories).values(input).returning();
  return row;
}

export interface CreateArticleInput {
  title?: string;
  content?: string;
  excerpt?: string | null;
  richContent?: RichBlock[] | null;
  accessType?: Access;
  published?: boolean;
  isFeatured?: boolean;
  isMustRead?: boolean;
  tags?: string[];
  categoryIds?: string[];
  createdAt?: Date;
  metaDescription?: string | null;
  imageUrl?: string | null;
  videoUrl?: string | null;
}

export async function createArticle(db: Database, input: CreateArticleInput = {}) {
  const accessType = input.accessType ?? "free";
  const [row] = await db
    .insert(articles)
    .values({
      title: input.title ?? `Article ${randomUUID().slice(0, 8)}`,
      content: input.content ?? "A short article body.",
      excerpt: input.excerpt ?? null,
      richContent: input.richContent ?? null,
      metaDescription: input.metaDescription ?? null,
      imageUrl: input.imageUrl ?? null,
      coverImageUrl: input.imageUrl ?? null,
      videoUrl: input.videoUrl ?? null,
      accessType,
      isPremium: accessType !== "free",
      published: input.published ?? true,
      isFeatured: input.isFeatured ?? false,
      isMustRead: input.isMustRead ?? false,
      tags: input.tags ?? [],
      createdAt: input.createdAt ?? new Date(),
      updatedAt: input.createdAt ?? new Date(),
    })
    .returning();
  if (input.categoryIds?.length) {
    await db
      .insert(articleCategories)
      .values(input.categoryIds.map((categoryId) => ({ articleId: row.id, categoryId })));
  }
  return row;
}

export interface CreateEbookInput {
  title?: string;
  description?: string;
  accessType?: Access;
  price?: number | null;
  published?: boolean;
  downloadable?: boolean;
  filePath?: string | null;
  pageCount?: number | null;
  coverImageUrl?: string | null;
  categoryIds?: string[];
  createdAt?: Date;
}

export async function createEbook(db: Database, input: CreateEbookInput = {}) {
  const [row] = await db
    .insert(ebooks)
    .values({
      title: input.title ?? `Ebook ${randomUUID().slice(0, 8)}`,
      description: input.description ?? "A practical guide.",
      accessType: input.accessType ?? "free",
      price: input.price === undefined ? 0 : input.price,
      published: input.published ?? true,
      downloadable: input.downloadable ?? false,
      filePath: input.filePath ?? null,
      pageCount: input.pageCount ?? null,
      coverImageUrl: input.coverImageUrl ?? null,
      createdAt: input.createdAt ?? new Date(),
      updatedAt: input.createdAt ?? new Date(),
    })
    .returning();
  if (input.categoryIds?.length) {
    await db.insert(ebookCategories).values(input.categoryIds.map((categoryId) => ({ ebookId: row.id, categoryId })));
  }
  return row;
}

export async function createPlan(
  db: Database,
  input: Partial<typeof subscriptionPlans.$inferInsert> & { slug: string; name: string; price: number },
) {
  const [row] = await db
    .insert(subscriptionPlans)
    .values({ durationMonths: 2, accessLevel: "subscription", ...input })
    .returning();
  return row;
}

export async function createSubscription(
  db: Database,
  input: { userId: string; planId: string; startDate: Date; endDate: Date | null; status?: "active" | "expired" },
) {
  const [row] = await db
    .insert(userSubscriptions)
    .values({ ...input, status: input.status ?? "active" })
    .returning();
  return row;
}
