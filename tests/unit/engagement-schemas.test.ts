import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/modules/accounts/schemas";
import { bookmarkSchema, commentSchema, reviewSchema } from "~/modules/engagement/schemas";
import { parseForm } from "~/lib/forms";

const contentId = "0b8f3c1e-5d2a-4f6b-9c7d-1e2f3a4b5c6d";

function errorsOf(schema: typeof reviewSchema | typeof commentSchema | typeof bookmarkSchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("review form", () => {
  const valid = { contentType: "article", contentId };

  it("defaults the rating to 5 and leaves title and body out when empty", () => {
    expect(reviewSchema.parse(valid)).toEqual({ rating: 5, contentType: "article", contentId });
    expect(reviewSchema.parse({ ...valid, rating: "", title: "   ", body: "" })).toEqual({
      rating: 5,
      title: undefined,
      body: undefined,
      contentType: "article",
      contentId,
    });
  });

  it("coerces the rating from the form string", () => {
    expect(reviewSchema.parse({ ...valid, rating: "3" }).rating).toBe(3);
    expect(reviewSchema.parse({ ...valid, rating: 1 }).rating).toBe(1);
  });

  it.each(["0", "6", "4.5", "abc", "-1"])("refuses the rating %s", (rating) => {
    expect(errorsOf(reviewSchema, { ...valid, rating })).toEqual({ rating: "Rating must be between 1 and 5" });
  });

  it("trims title and body and keeps them as plain text", () => {
    const parsed = reviewSchema.parse({ ...valid, title: "  <b>hi</b>  ", body: "  Line one\r\nLine two\twith tab " });
    expect(parsed.title).toBe("<b>hi</b>");
    expect(parsed.body).toBe("Line one\nLine two\twith tab");
  });

  it("limits title to 120 and body to 2000 characters", () => {
    expect(reviewSchema.safeParse({ ...valid, title: "t".repeat(120), body: "b".repeat(2000) }).success).toBe(true);
    expect(errorsOf(reviewSchema, { ...valid, title: "t".repeat(121) })).toEqual({
      title: "Title must be at most 120 characters",
    });
    expect(errorsOf(reviewSchema, { ...valid, body: "b".repeat(2001) })).toEqual({
      body: "Review must be at most 2000 characters",
    });
    // Surrounding spaces do not count.
    expect(reviewSchema.safeParse({ ...valid, title: ` ${"t".repeat(120)} ` }).success).toBe(true);
  });

  it.each(["\u0000", "\u0007", "\u001b", "\u007f", "\u0085"])(
    "refuses the control character %j but allows newline and tab",
    (ch) => {
      expect(errorsOf(reviewSchema, { ...valid, title: `a${ch}b` })).toEqual({
        title: "Title contains characters that are not allowed",
      });
      expect(errorsOf(reviewSchema, { ...valid, body: `a${ch}b` })).toEqual({
        body: "Review contains characters that are not allowed",
      });
    },
  );

  it("needs a known content type and a uuid", () => {
    expect(Object.keys(errorsOf(reviewSchema, { contentType: "video", contentId: "42" })).sort()).toEqual([
      "contentId",
      "contentType",
    ]);
    expect(reviewSchema.safeParse({ ...valid, contentType: "ebook" }).success).toBe(true);
  });
});

describe("comment form", () => {
  it("accepts a comment and trims it", () => {
    expect(commentSchema.parse({ articleId: contentId, body: "  Asante!\r\nSo useful.  " })).toEqual({
      articleId: contentId,
      body: "Asante!\nSo useful.",
    });
  });

  it.each([undefined, "", "   ", "\n\t \r\n"])("refuses the empty comment %j", (body) => {
    const result = commentSchema.safeParse({ articleId: contentId, body });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({ body: "Please write something first" });
    // Through the form layer a blank textarea arrives as a missing value: still 'Please write something first'.
    const form = new FormData();
    form.set("articleId", contentId);
    if (body !== undefined) form.set("body", body);
    const parsed = parseForm(form, commentSchema);
    expect(parsed.status === "error" ? parsed.error : null).toEqual({ body: ["Please write something first"] });
  });

  it("allows 1000 characters and refuses more", () => {
    expect(commentSchema.safeParse({ articleId: contentId, body: "a".repeat(1000) }).success).toBe(true);
    const result = commentSchema.safeParse({ articleId: contentId, body: "a".repeat(1001) });
    expect(fieldErrorsOf(result.error!)).toEqual({ body: "Comments can be at most 1000 characters" });
    // A CRLF line break counts as one character, as in the textarea.
    expect(
      commentSchema.safeParse({ articleId: contentId, body: `${"a".repeat(499)}\r\n${"a".repeat(500)}` }).success,
    ).toBe(true);
  });

  it("refuses control characters and a missing article id", () => {
    expect(errorsOf(commentSchema, { articleId: contentId, body: "hi\u0000" })).toEqual({
      body: "Comment contains characters that are not allowed",
    });
    expect(Object.keys(errorsOf(commentSchema, { body: "hi" }))).toEqual(["articleId"]);
  });
});

describe("bookmark form", () => {
  it("accepts an article or ebook id", () => {
    expect(bookmarkSchema.parse({ contentType: "ebook", contentId, intent: "bookmark" })).toEqual({
      contentType: "ebook",
      contentId,
    });
  });

  it("refuses other types and ids", () => {
    expect(Object.keys(errorsOf(bookmarkSchema, { contentType: "category", contentId: "x" })).sort()).toEqual([
      "contentId",
      "contentType",
    ]);
  });
});
