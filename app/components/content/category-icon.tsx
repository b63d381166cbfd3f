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

const HEX = /^#[0-9a-f]{3,8}$/i;

/** The category's icon on a tint of its colour (app.css `.tile-icon` mixes both from `--c`; brand red without one). */
export function CategoryIcon({ icon, color }: { icon: string | null; color: string | null }) {
  const Icon = ICONS[(icon ?? "") as keyof typeof ICONS] ?? Tag;
  return (
    <span
      className="tile-icon"
      style={color && HEX.test(color) ? ({ "--c": color } as React.CSSProperties) : undefined}
    >
      <Icon aria-hidden="true" />
    </span>
  );
}
