import { ITEM_WORDS, itemWordsOf, type ItemWords, type OrderItemKind } from "~/modules/membership/purchase-kind-words";
import { useLocale } from "~/lib/i18n/use-t";

/**
 * The words of the thing bought (a plan, an ebook) in the page's language (issue 50). A Swahili page is rendered by
 * the server only (ADR 048), so the browser's build keeps the English table and never holds the Swahili one.
 */
export function useItemWords(kind: OrderItemKind): ItemWords {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser renders English only
  return import.meta.env.SSR ? itemWordsOf({ kind }, useLocale()) : ITEM_WORDS[kind];
}
