import { describe, expect, it } from "vitest";
import {
  categoryFormSchema,
  categorySlug,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_EMPTY,
  CATEGORY_NAME_MAX,
} from "~/modules/content/category-form";
import { parseForm } from "~/lib/forms";

const posted = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseForm(form, categoryFormSchema);
};

describe("category slugs (spec: derived from the name)", () => {
  it.each([
    ["Weight Loss", "weight-loss"],
    ["Hips & Glutes", "hips-glutes"],
    ["Breast Health & Confidence", "breast-health-confidence"],
    ["Flat Tummy & Lower Belly", "flat-tummy-lower-belly"],
    ["  Skin   &  Beauty  ", "skin-beauty"],
    ["Post_Natal Care!", "post-natal-care"],
    ["Mama's -- Kitchen", "mamas-kitchen"],
    ["Ngozi na Urembo 2026", "ngozi-na-urembo-2026"],
    ["!!!", ""],
  ])("%j -> %j", (name, slug) => {
    expect(categorySlug(name)).toBe(slug);
    if (slug) expect(slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });
});

describe("category form schema", () => {
  it("trims names, stores a blank description as null, and reads the checkbox", () => {
    expect(categoryFormSchema.parse({ intent: "create", name: "  Weight Gain ", description: "   " })).toEqual({
      intent: "create",
      name: "Weight Gain",
      description: null,
      nameSw: null,
      descriptionSw: null,
      isActive: false,
    });
    expect(
      categoryFormSchema.parse({ intent: "create", name: "Weight Gain", description: " Eat well ", isActive: "on" }),
    ).toMatchObject({ description: "Eat well", isActive: true });
  });

  it("refuses an empty name with the spec's message, a name with no letters, and unknown intents", () => {
    const empty = categoryFormSchema.safeParse({ intent: "create", name: "   " });
    expect(empty.success).toBe(false);
    expect(empty.error?.flatten().fieldErrors).toMatchObject({ name: [CATEGORY_NAME_EMPTY] });
    expect(CATEGORY_NAME_EMPTY).toBe("Category name cannot be empty.");
    expect(categoryFormSchema.safeParse({ intent: "create", name: "&&&" }).success).toBe(false);
    expect(categoryFormSchema.safeParse({ intent: "update", name: "Ok" }).success).toBe(false);
    expect(categoryFormSchema.safeParse({ intent: "drop", id: "x" }).success).toBe(false);
  });

  it("reads a posted form as the dialog and the action do: blank fields, the checkbox ticked or not", () => {
    expect(posted({ intent: "create", name: " Weight Gain ", description: "", isActive: "on" })).toMatchObject({
      status: "success",
      value: { intent: "create", name: "Weight Gain", description: null, isActive: true },
    });
    expect(posted({ intent: "create", name: "Weight Gain", description: "  " })).toMatchObject({
      value: { description: null, isActive: false },
    });
    const empty = posted({ intent: "create", name: "", description: "" });
    expect(empty).toMatchObject({ status: "error", error: { name: [CATEGORY_NAME_EMPTY] } });
  });

  it("reads the Swahili name and description: optional, trimmed, blank unset, the English fields' limits", () => {
    expect(
      posted({ intent: "create", name: "Weight Gain", nameSw: " Kuongeza Uzito ", descriptionSw: " Kula vizuri " }),
    ).toMatchObject({ status: "success", value: { nameSw: "Kuongeza Uzito", descriptionSw: "Kula vizuri" } });
    expect(posted({ intent: "create", name: "Weight Gain", nameSw: "  ", descriptionSw: "" })).toMatchObject({
      value: { nameSw: null, descriptionSw: null },
    });
    const long = posted({
      intent: "create",
      name: "Weight Gain",
      nameSw: "a".repeat(CATEGORY_NAME_MAX + 1),
      descriptionSw: "a".repeat(CATEGORY_DESCRIPTION_MAX + 1),
    });
    expect(long).toMatchObject({
      status: "error",
      error: {
        nameSw: [`Swahili names can be at most ${CATEGORY_NAME_MAX} characters.`],
        descriptionSw: [`Swahili descriptions can be at most ${CATEGORY_DESCRIPTION_MAX} characters.`],
      },
    });
    expect(posted({ intent: "create", name: "Weight Gain", nameSw: "a".repeat(CATEGORY_NAME_MAX) })).toMatchObject({
      status: "success",
    });
  });
});
