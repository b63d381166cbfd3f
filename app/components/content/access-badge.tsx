import type { AccessType } from "~/modules/access/policy";

const LABELS: Record<AccessType, string> = { free: "Free", premium: "Premium", subscription: "Subscription Only" };
// Short component classes (app.css): a badge is on every card.
const STYLES: Record<AccessType, string> = { free: "chip-free", premium: "chip-premium", subscription: "chip-sub" };

export function AccessBadge({ accessType, label }: { accessType: AccessType; label?: string }) {
  return <span className={STYLES[accessType]}>{label ?? LABELS[accessType]}</span>;
}
