// Errors the shop expects, each with a stable code. The code decides the HTTP status and the words a reader or an
// editor sees, where it is defined and nowhere else: callers branch on `code` (or `is`), never on message text.
// The codes below are the shop-wide ones; each domain contributes its own with `defineErrors` in its module
// (e.g. `modules/orders/checkout-errors.ts`), and every refusal is one `AppError`, answered in one place
// (`refusal` and `appErrorResponse` in app-error.server.ts).

export interface ErrorSpec {
  status: number;
  title: string;
  message: string;
  /** Where the error page offers to go instead (404s of a detail page). */
  back?: { to: string; label: string };
}

/** An error spec with its code, as `defineErrors` returns it: what `new AppError(...)` is given. */
export type ErrorDef<C extends string = string> = ErrorSpec & { readonly code: C };

type Defined<T extends Record<string, ErrorSpec>> = { readonly [K in keyof T & string]: T[K] & { readonly code: K } };

// Every code defined anywhere, so two domains cannot give one code two meanings (checked when the modules load).
const definedCodes = new Set<string>();

/**
 * A domain's refusals: each key is its stable code (unique across the shop), each value its status, title and the
 * words the reader or editor sees. Throw one with `new AppError(ORDER_ERRORS.ALREADY_OWNED)`.
 */
export function defineErrors<const T extends Record<string, ErrorSpec>>(specs: T): Defined<T> {
  const defined: Record<string, ErrorDef> = {};
  for (const [code, spec] of Object.entries(specs)) {
    if (definedCodes.has(code)) throw new Error(`The error code ${code} is defined twice`);
    definedCodes.add(code);
    defined[code] = { ...spec, code };
  }
  return defined as Defined<T>;
}

export const APP_ERRORS = defineErrors({
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
  RATE_LIMITED: { status: 429, title: "Too Many Requests", message: "Please wait a moment and try again." },
  /** A signed-in reader who is not an admin reached an admin command (the admin guard normally stops her first). */
  ADMIN_ONLY: { status: 403, title: "Admins Only", message: "Only an admin can do this." },
});

export type AppErrorCode = keyof typeof APP_ERRORS;

/** What an error page or a refused form shows; travels as route error data or action data. */
export interface AppErrorPayload {
  code: string;
  title: string;
  message: string;
  back?: { to: string; label: string };
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  private readonly spec: ErrorDef;
  constructor(
    /** One of the shop-wide codes, or a domain's definition from `defineErrors`. */
    def: AppErrorCode | ErrorDef,
    /** Replaces the standard message where the words depend on the case (e.g. 'Failed to update article: {reason}'). */
    readonly detail?: string,
  ) {
    const spec: ErrorDef = typeof def === "string" ? APP_ERRORS[def] : def;
    super(detail ?? spec.message);
    this.name = "AppError";
    this.spec = spec;
    this.code = spec.code;
    this.status = spec.status;
  }

  /** Whether this is the given refusal (compare definitions, not message text). */
  is(def: ErrorDef | AppErrorCode): boolean {
    return this.code === (typeof def === "string" ? def : def.code);
  }

  get payload(): AppErrorPayload {
    return { code: this.code, title: this.spec.title, message: this.detail ?? this.spec.message, back: this.spec.back };
  }
}

/** `error` is an AppError (and, when given, the refusal `def`). */
export function isAppError(error: unknown, def?: ErrorDef | AppErrorCode): error is AppError {
  return error instanceof AppError && (def === undefined || error.is(def));
}
