import { Activity, Apple, Dumbbell, Flower, Heart, Scale, Sparkles, Tag } from "~/components/ui/icons";

const ICONS = {
  activity: Activity,
  apple: Apple,
  dumbbell: Dumbbell,
  flower: Flower,
  heart: Heart,
  scale: Scale,
  sparkles: Sparkles,
};

export function CategoryIcon({ icon, color }: { icon: string | null; color: string | null }) {
  const Icon = ICONS[(icon ?? "") as keyof typeof ICONS] ?? Tag;
  return (
    <span className="tile-icon" style={{ backgroundColor: `${color ?? "#be123c"}1f`, color: color ?? "#be123c" }}>
      <Icon aria-hidden="true" className="h-6 w-6" />
    </span>
  );
}
