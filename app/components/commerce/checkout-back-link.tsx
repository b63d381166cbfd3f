import { Link } from "react-router";
import type { OrderItemKind } from "~/modules/membership/purchase-kind-words";
import { useLocalHref } from "~/lib/i18n/use-t";
import { useItemWords } from "./use-item-words";

/** The link back from a checkout (her own or a gift's) to what she was buying: the plans, or the ebook. */
export function CheckoutBackLink({ quote }: { quote: { kind: OrderItemKind; itemId: string } }) {
  const item = useItemWords(quote.kind);
  const localHref = useLocalHref();
  return (
    <Link
      to={localHref(item.backPath(quote.itemId))}
      className="inline-block py-2 text-sm font-medium text-brand-700 hover:underline"
    >
      ← {item.backLabel}
    </Link>
  );
}
