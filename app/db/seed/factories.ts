import { randomUUID } from "node:crypto";
import { cardText } from "~/modules/content/article-card-text";
import { hashPassword } from "better-auth/crypto";
import type { Database } from "../client.server";
import {
  accounts,
  articleCategories,
  articles,
  categories,
  ebookCategories,
  ebookPurchases,
  ebooks,
  exchangeRates,
  orderStatusHistory,
  orders,
  payments,
  pricingRules,
  profiles,
  subscriptionPlans,
  userSubscriptions,
  users,
  type RichBlock,
} from "../schema";
import { orderPriceColumns, regionalPrice, type PricingRule } from "~/modules/pricing/pricing";
import { FALLBACK_EXCHANGE_RATES, PRICING_RULES } from "~/modules/pricing/catalogue-data";

type Role = "guest" | "subscriber" | "admin";
type Access = "free" | "premium" | "subscription";

export interface CreateUserInput {
  email: string;
  fullName?: string;
  role?: Role;
  /** null: no password at all, for readers a test never signs in through a form (and no slow hash). */
  password?: string | null;
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
  if (input.password !== null)
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
  /** "en" (the default) or "sw" (issue 50). */
  language?: "en" | "sw";
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
  const body = {
    content: input.content ?? "A short article body.",
    excerpt: input.excerpt ?? null,
    richContent: input.richContent ?? null,
  };
  const [row] = await db
    .insert(articles)
    .values({
      title: input.title ?? `Article ${randomUUID().slice(0, 8)}`,
      ...body,
      ...cardText(body),
      metaDescription: input.metaDescription ?? null,
      imageUrl: input.imageUrl ?? null,
      coverImageUrl: input.imageUrl ?? null,
      videoUrl: input.videoUrl ?? null,
      accessType,
      language: input.language ?? "en",
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
  /** "en" (the default) or "sw" (issue 50). */
  language?: "en" | "sw";
  /** KES cents; null means subscription-only. */
  priceCents?: number | null;
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
      language: input.language ?? "en",
      priceCents: input.priceCents === undefined ? 0 : input.priceCents,
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

/**
 * A plan; two months unless the input says otherwise. `durationMonths` is still taken (as a count of months) for
 * callers written before plans had units (ADR 036).
 */
export async function createPlan(
  db: Database,
  input: Partial<typeof subscriptionPlans.$inferInsert> & {
    slug: string;
    name: string;
    priceCents: number;
    durationMonths?: number;
  },
) {
  const { durationMonths, ...rest } = input;
  const period = durationMonths === undefined ? {} : { periodUnit: "month" as const, periodCount: durationMonths };
  const [row] = await db
    .insert(subscriptionPlans)
    .values({ periodUnit: "month", periodCount: 2, accessLevel: "subscription", ...period, ...rest })
    .returning();
  return row;
}

type OrderStatus = (typeof orders.$inferSelect)["status"];

export interface CreateOrderInput {
  userId: string;
  /** What is bought, at its base KES price in cents. */
  item:
    | { kind: "plan"; planId: string; basePriceCents: number }
    | { kind: "ebook"; ebookId: string; basePriceCents: number };
  countryCode?: string;
  /** The visitor's pricing rule and the stored rate of its currency; none means the base price in KES. */
  rule?: PricingRule | null;
  ratePerKes?: string | null;
  status?: OrderStatus;
  createdAt?: Date;
  /** Raw column values, e.g. to show the database refusing a bad order. */
  overrides?: Partial<typeof orders.$inferInsert>;
}

/**
 * An order priced by the real pricing module, with the status history a checkout would have written (pending,
 * then the final status from the gateway's IPN).
 */
export async function createOrder(db: Database, input: CreateOrderInput) {
  const createdAt = input.createdAt ?? new Date();
  const status = input.status ?? "pending";
  const price = regionalPrice({
    baseCents: input.item.basePriceCents,
    countryCode: input.countryCode ?? "KE",
    rule: input.rule ?? null,
    ratePerKes: input.ratePerKes ?? null,
  });
  const [row] = await db
    .insert(orders)
    .values({
      merchantReference: `NURU-${randomUUID().slice(0, 12).toUpperCase()}`,
      userId: input.userId,
      kind: input.item.kind,
      planId: input.item.kind === "plan" ? input.item.planId : null,
      ebookId: input.item.kind === "ebook" ? input.item.ebookId : null,
      ...orderPriceColumns(price),
      status,
      gateway: "test",
      gatewayTrackingId: randomUUID(),
      createdAt,
      updatedAt: createdAt,
      completedAt: status === "completed" ? createdAt : null,
      ...input.overrides,
    })
    .returning();
  await db
    .insert(orderStatusHistory)
    .values([
      { orderId: row.id, fromStatus: null, toStatus: "pending", source: "system", createdAt },
      ...(status === "pending"
        ? []
        : [{ orderId: row.id, fromStatus: "pending" as const, toStatus: status, source: "ipn", createdAt }]),
    ]);
  return row;
}

/** The gateway's verified answer for an order; amount and currency are the order's unless a test says otherwise. */
export async function createPayment(
  db: Database,
  input: {
    order: typeof orders.$inferSelect;
    status?: OrderStatus;
    paymentMethod?: string;
    confirmationCode?: string;
    verifiedAt?: Date;
    overrides?: Partial<typeof payments.$inferInsert>;
  },
) {
  const [row] = await db
    .insert(payments)
    .values({
      orderId: input.order.id,
      gateway: input.order.gateway,
      gatewayTrackingId: input.order.gatewayTrackingId ?? randomUUID(),
      amountCents: input.order.amountCents,
      currency: input.order.currency,
      status: input.status ?? "completed",
      paymentMethod: input.paymentMethod ?? "M-Pesa",
      confirmationCode: input.confirmationCode ?? randomUUID().slice(0, 10).toUpperCase(),
      verifiedAt: input.verifiedAt ?? input.order.createdAt,
      ...input.overrides,
    })
    .returning();
  return row;
}

/** A completed order with its verified payment: what a grant is made from. */
export async function createPaidOrder(db: Database, input: Omit<CreateOrderInput, "status">) {
  const order = await createOrder(db, { ...input, status: "completed" });
  const payment = await createPayment(db, { order });
  return { order, payment };
}

/** Active unless told otherwise (the column's default is 'pending': only a payment or trial activates). */
export async function createSubscription(
  db: Database,
  input: {
    userId: string;
    planId: string;
    orderId?: string | null;
    startDate: Date;
    endDate: Date | null;
    status?: (typeof userSubscriptions.$inferInsert)["status"];
  },
) {
  const [row] = await db
    .insert(userSubscriptions)
    .values({ ...input, status: input.status ?? "active" })
    .returning();
  return row;
}

export async function createPurchase(
  db: Database,
  input: { userId: string; ebookId: string; orderId?: string | null; pricePaidCents?: number | null; createdAt?: Date },
) {
  const [row] = await db
    .insert(ebookPurchases)
    .values({
      userId: input.userId,
      ebookId: input.ebookId,
      orderId: input.orderId ?? null,
      pricePaidCents: input.pricePaidCents ?? null,
      currency: "KES",
      createdAt: input.createdAt ?? new Date(),
    })
    .returning();
  return row;
}

/** The regional pricing rules and fallback exchange rates of spec section 9, as stored data. */
export async function createPricingData(db: Database) {
  await db.insert(pricingRules).values(PRICING_RULES);
  await db
    .insert(exchangeRates)
    .values(Object.entries(FALLBACK_EXCHANGE_RATES).map(([currency, ratePerKes]) => ({ currency, ratePerKes })));
}
