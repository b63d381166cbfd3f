// Errors the shop expects, each with a stable code. The code decides the HTTP status and the words a reader or an
// editor sees, here and nowhere else: callers branch on `code`, never on message text.

interface ErrorSpec {
  status: number;
  title: string;
  message: string;
  /** Where the error page offers to go instead (404s of a detail page). */
  back?: { to: string; label: string };
}

export const APP_ERRORS = {
  NOT_FOUND: {
    status: 404,
    title: "Oops! Page not found.",
    message: "The page you are looking for has moved or never existed.",
    back: { to: "/", label: "Return to Home" },
  },
  ARTICLE_NOT_FOUND: {
    status: 404,
    title: "Article Not Found",
    message: "The requested article could not be found.",
    back: { to: "/articles", label: "Back to Articles" },
  },
  EBOOK_NOT_FOUND: {
    status: 404,
    title: "Ebook Not Found",
    message: "The requested ebook could not be found.",
    back: { to: "/ebooks", label: "Back to Ebooks" },
  },
  CATEGORY_NOT_FOUND: {
    status: 404,
    title: "Category not found",
    message: "The category you are looking for does not exist.",
    back: { to: "/categories", label: "Back to Categories" },
  },
  ORDER_NOT_FOUND: {
    status: 404,
    title: "Order Not Found",
    message: "The requested order could not be found.",
    back: { to: "/admin/orders", label: "Back to Orders" },
  },
  ARTICLES_LOAD_FAILED: {
    status: 503,
    title: "Error Loading Articles",
    message: "Failed to load articles. Please try again.",
  },
  EBOOKS_LOAD_FAILED: {
    status: 503,
    title: "Error Loading Ebooks",
    message: "Failed to load ebooks. Please try again.",
  },
  ADMIN_ARTICLES_LOAD_FAILED: {
    status: 503,
    title: "Error Loading Articles",
    message: "Failed to load articles. Please try again.",
  },
  ADMIN_EBOOKS_LOAD_FAILED: {
    status: 503,
    title: "Error Loading Ebooks",
    message: "Failed to load ebooks. Please try again.",
  },
  VALIDATION: { status: 400, title: "Validation Error", message: "Please check the form and try again." },
  CATEGORY_NAME_EMPTY: { status: 400, title: "Validation Error", message: "Category name cannot be empty." },
  CATEGORY_SLUG_TAKEN: { status: 409, title: "Validation Error", message: "A category with this slug already exists." },
  CATEGORY_IN_USE: {
    status: 409,
    title: "Error Deleting Category",
    message: "Check if it's linked to existing articles/ebooks.",
  },
  LAST_ADMIN: {
    status: 409,
    title: "Role Not Updated",
    message: "The shop needs at least one admin. Make someone else an admin first.",
  },
  EDIT_CONFLICT: {
    status: 409,
    title: "Article Changed",
    message:
      "Someone saved this article after you opened it. Your text is still in the form: copy what you need, then reload to see their version.",
  },
  RATE_LIMITED: { status: 429, title: "Too Many Requests", message: "Please wait a moment and try again." },
} as const satisfies Record<string, ErrorSpec>;

export type AppErrorCode = keyof typeof APP_ERRORS;

/** What an error page or a refused form shows; travels as route error data or action data. */
export interface AppErrorPayload {
  code: AppErrorCode;
  title: string;
  message: string;
  back?: { to: string; label: string };
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    /** Replaces the standard message where the words depend on the case (e.g. 'Failed to update article: {reason}'). */
    readonly detail?: string,
  ) {
    super(detail ?? APP_ERRORS[code].message);
    this.name = "AppError";
    this.status = APP_ERRORS[code].status;
  }

  get payload(): AppErrorPayload {
    const spec: ErrorSpec = APP_ERRORS[this.code];
    return { code: this.code, title: spec.title, message: this.detail ?? spec.message, back: spec.back };
  }
}
