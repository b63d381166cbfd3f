import type { AccessType } from "~/modules/access/policy";
import { useT } from "~/lib/i18n/use-t";

// Short component classes (app.css): a badge is on every card.
const STYLES: Record<AccessType, string> = { free: "chip-free", premium: "chip-premium", subscription: "chip-sub" };

export function AccessBadge({ accessType, label }: { accessType: AccessType; label?: string }) {
  const t = useT();
  // In the page's language (literal ids: the browser's build holds the English words themselves).
  const shown =
    label ??
    (accessType === "free" ? t("card.free") : accessType === "premium" ? t("card.premium") : t("card.subscription"));
  return <span className={STYLES[accessType]}>{shown}</span>;
}
