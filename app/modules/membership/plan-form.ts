// The admin's plan editor (issue 33, ADR 036): the form's values as text, and the check of what was posted, shared by
// the form (components/admin/plan-form.tsx) and its actions (routes/admin/plans.tsx, plan-edit.tsx). Pure.
import { z } from "zod";
import { centsToDecimal, kesToCents } from "~/modules/pricing/money";
import { PERIOD_UNITS, periodProblem, type PeriodUnit } from "./plan-period";

export interface PlanFormValues {
  name: string;
  slug: string;
  description: string;
  /** KES as typed: "1500", "1,500.00". */
  price: string;
  periodUnit: string;
  periodCount: string;
  /** Empty: unlimited. */
  ebookLimit: string;
  /** One feature a line. */
  features: string;
  badge: string;
  trialDays: string;
  sortKey: string;
  isActive: boolean;
}

export type PlanFormErrors = Partial<Record<keyof PlanFormValues | "form", string>>;

export const EMPTY_PLAN_FORM: PlanFormValues = {
  name: "",
  slug: "",
  description: "",
  price: "",
  periodUnit: "month",
  periodCount: "1",
  ebookLimit: "",
  features: "",
  badge: "",
  trialDays: "0",
  sortKey: "0",
  isActive: true,
};

/** What a saved plan row holds, as the editor writes it. */
export interface PlanInput {
  name: string;
  slug: string;
  description: string | null;
  priceCents: number;
  periodUnit: PeriodUnit;
  periodCount: number;
  ebookLimit: number | null;
  features: string[];
  badge: string | null;
  trialDays: number;
  sortKey: number;
  isActive: boolean;
}

/** The most a plan may cost: KSh 1,000,000 (a typo guard, far above any real plan). */
export const PLAN_PRICE_MAX_CENTS = 100_000_000;
export const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A saved plan as the editor's values. */
export function planFormValues(
  plan: Omit<PlanInput, "description" | "badge"> & {
    description: string | null;
    badge: string | null;
  },
): PlanFormValues {
  return {
    name: plan.name,
    slug: plan.slug,
    description: plan.description ?? "",
    price: centsToDecimal(plan.priceCents),
    periodUnit: plan.periodUnit,
    periodCount: String(plan.periodCount),
    ebookLimit: plan.ebookLimit === null ? "" : String(plan.ebookLimit),
    features: plan.features.join("\n"),
    badge: plan.badge ?? "",
    trialDays: String(plan.trialDays),
    sortKey: String(plan.sortKey),
    isActive: plan.isActive,
  };
}

const WHOLE = /^\d+$/;

/** "1500", "1,500", "1 500.50" -> cents; null when it is no KES amount (commas only between groups of three). */
export function parseKes(raw: string): number | null {
  const trimmed = raw.trim().replace(/^(KSh|KES)\s*/i, "");
  if (!/^\d{1,3}(?:[, ]\d{3})*(?:\.\d{1,2})?$|^\d+(?:\.\d{1,2})?$/.test(trimmed)) return null;
  try {
    return kesToCents(trimmed.replace(/[, ]/g, ""));
  } catch {
    return null;
  }
}

/**
 * The posted values checked: `{ ok: true, plan }` or the first message per field. `isNew`: the slug is only set when
 * the plan is made (links and orders name it).
 */
export function checkPlanForm(
  v: PlanFormValues,
  isNew: boolean,
): { ok: true; plan: Omit<PlanInput, "slug"> & { slug: string } } | { ok: false; errors: PlanFormErrors } {
  const errors: PlanFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = "Enter the plan's name";
  else if (name.length > 80) errors.name = "At most 80 characters";
  const slug = v.slug.trim().toLowerCase();
  if (isNew) {
    if (!SLUG_SHAPE.test(slug) || slug.length > 60)
      errors.slug = "Lower-case letters, digits and dashes, like week-pass";
    else if (slug === "new") errors.slug = "Choose another slug";
  }
  const description = v.description.trim();
  if (description.length > 500) errors.description = "At most 500 characters";
  const priceCents = parseKes(v.price);
  if (!v.price.trim()) errors.price = "Enter the price in KES, like 1500 or 1,500.00";
  else if (priceCents === null) errors.price = "Enter the price in KES with at most two decimals, like 1,500.00";
  else if (priceCents > PLAN_PRICE_MAX_CENTS) errors.price = "At most KSh 1,000,000";
  const count = WHOLE.test(v.periodCount.trim()) ? Number(v.periodCount.trim()) : Number.NaN;
  const periodMessage = periodProblem(v.periodUnit, count);
  if (periodMessage) {
    if ((PERIOD_UNITS as readonly string[]).includes(v.periodUnit)) errors.periodCount = periodMessage;
    else errors.periodUnit = periodMessage;
  }
  let ebookLimit: number | null = null;
  if (v.ebookLimit.trim()) {
    ebookLimit = WHOLE.test(v.ebookLimit.trim()) ? Number(v.ebookLimit.trim()) : Number.NaN;
    if (!Number.isSafeInteger(ebookLimit) || ebookLimit < 1 || ebookLimit > 10_000)
      errors.ebookLimit = "A whole number from 1 to 10,000, or empty for unlimited";
  }
  const trialDays = WHOLE.test(v.trialDays.trim()) ? Number(v.trialDays.trim()) : Number.NaN;
  if (!Number.isInteger(trialDays) || trialDays > 90) errors.trialDays = "A whole number of days from 0 to 90";
  const sortKey = /^-?\d+$/.test(v.sortKey.trim()) ? Number(v.sortKey.trim()) : Number.NaN;
  if (!Number.isInteger(sortKey) || Math.abs(sortKey) > 10_000)
    errors.sortKey = "A whole number, lower is listed first";
  const features = v.features
    .split(/\r?\n/)
    .map((f) => f.trim())
    .filter(Boolean);
  if (features.length > 12) errors.features = "At most 12 features";
  else if (features.some((f) => f.length > 120)) errors.features = "Each feature at most 120 characters";
  const badge = v.badge.trim();
  if (badge.length > 30) errors.badge = "At most 30 characters";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    plan: {
      name,
      slug,
      description: description || null,
      priceCents: priceCents!,
      periodUnit: v.periodUnit as PeriodUnit,
      periodCount: count,
      ebookLimit,
      features,
      badge: badge || null,
      trialDays,
      sortKey,
      isActive: v.isActive,
    },
  };
}

// conform hands the schema an empty field as undefined; the editor's values are text, and a checkbox "on" or absent.
const typed = z
  .string()
  .optional()
  .transform((value) => value ?? "");

/**
 * The plan form as one schema for the action (readSubmission): the posted text, checked by checkPlanForm, so each
 * field's first message comes back beside it. `isNew`: the slug is only read when the plan is made.
 */
export function planFormSchema(isNew: boolean) {
  return z
    .object({
      name: typed,
      slug: typed,
      description: typed,
      price: typed,
      periodUnit: typed,
      periodCount: typed,
      ebookLimit: typed,
      features: typed,
      badge: typed,
      trialDays: typed,
      sortKey: typed,
      isActive: z
        .string()
        .optional()
        .transform((value) => value === "on"),
    })
    .transform((values, ctx) => {
      const checked = checkPlanForm(values, isNew);
      if (checked.ok) return checked.plan;
      for (const [field, message] of Object.entries(checked.errors)) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
      return z.NEVER;
    });
}
