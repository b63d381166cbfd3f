// No imports: this sits on public pages (home, article ends) whose JavaScript and byte budgets are tight.

/**
 * The short follow form for public pages: a plain GET form to /newsletter, where she chooses categories and sees the
 * words she agrees to before anything is stored. It carries nothing personal, so the guest page cache (ADR 016) can
 * hold it, and it needs no token (a GET changes nothing).
 */
export function FollowShortForm({ id, from, category }: { id: string; from: "home" | "article"; category?: string }) {
  return (
    <form method="get" action="/newsletter" className="mt-3 flex gap-2">
      <input type="hidden" name="from" value={from} />
      {category ? <input type="hidden" name="category" value={category} /> : null}
      <input
        id={id}
        type="email"
        name="email"
        required
        aria-label="Your e-mail address"
        placeholder="Your e-mail"
        className="min-h-11 min-w-0 flex-1 rounded-md border px-3"
      />
      <button className="btn min-h-11 px-5">Follow</button>
    </form>
  );
}
