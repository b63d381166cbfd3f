import type { AccessType } from "~/modules/access/policy";

const LABELS: Record<AccessType, string> = { free: "Free", premium: "Premium", subscription: "Subscription Only" };
const STYLES: Record<AccessType, string> = {
  free: "bg-emerald-100 text-emerald-900",
  premium: "bg-amber-100 text-amber-900",
  subscription: "bg-violet-100 text-violet-900",
};

export function AccessBadge({ accessType, label }: { accessType: AccessType; label?: string }) {
  return <span className={`chip ${STYLES[accessType]}`}>{label ?? LABELS[accessType]}</span>;
}
