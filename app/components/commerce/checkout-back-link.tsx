import { Link } from "react-router";

/** The link back from a checkout (her own or a gift's) to what she was buying: the plans, or the ebook. */
export function CheckoutBackLink({ quote }: { quote: { kind: "plan" | "ebook"; itemId: string } }) {
  return (
    <Link
      to={quote.kind === "plan" ? "/pricing" : `/ebook/${quote.itemId}`}
      className="inline-block py-2 text-sm font-medium text-brand-700 hover:underline"
    >
      ← {quote.kind === "plan" ? "Back to plans" : "Back to the ebook"}
    </Link>
  );
}
