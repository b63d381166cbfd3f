// A bar chart drawn as SVG on the server (issue 35): no chart library and no script. Screen readers get the chart's
// title and a one-line summary; every bar names its value (a tooltip on hover), and the table below each chart holds
// the same numbers.

export interface BarChartProps {
  id: string;
  title: string;
  unit: string;
  points: { label: string; value: number }[];
}

const WIDTH = 640;
// Labels at 20 units stay readable when a phone draws the chart at half its width.
const HEIGHT = 220;
const TOP = 30;
const BOTTOM = 32;
const FONT = 20;
const LEFT = 4;

const number = new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 });

export function chartSummary({ unit, points }: Pick<BarChartProps, "unit" | "points">): string {
  if (points.length === 0) return "No data.";
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const peak = points.reduce((best, p) => (p.value > best.value ? p : best), points[0]!);
  if (peak.value === 0) return `No ${unit} from ${points[0]!.label} to ${points.at(-1)!.label}.`;
  return `From ${points[0]!.label} to ${points.at(-1)!.label}: highest ${number.format(peak.value)} ${unit} on ${peak.label}; ${unit === "members" ? `latest ${number.format(points.at(-1)!.value)}` : `total ${number.format(total)}`}.`;
}

export function BarChart({ id, title, unit, points }: BarChartProps) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / Math.max(1, points.length);
  const bar = Math.max(1, slot * 0.72);
  // First, middle and last labels fit any number of bars.
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  const summary = chartSummary({ unit, points });
  return (
    <figure className="rounded-2xl border border-rose-100 bg-white p-4 shadow-sm">
      <figcaption className="font-semibold text-gray-900">{title}</figcaption>
      <p className="mt-1 text-sm text-gray-700">{summary}</p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="mt-3 h-auto w-full text-brand-600"
        data-chart={id}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={LEFT} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="#d1d5db" />
        <text x={LEFT} y={FONT} fontSize={FONT} fill="#374151">
          {number.format(max)} {unit}
        </text>
        <line x1={LEFT} x2={WIDTH} y1={TOP} y2={TOP} stroke="#f3f4f6" />
        {points.map((p, i) => {
          const h = p.value > 0 ? Math.max(1, (Math.max(0, p.value) / max) * plotHeight) : 0;
          const x = LEFT + i * slot + (slot - bar) / 2;
          return (
            <g key={p.label}>
              <rect x={x} y={HEIGHT - BOTTOM - h} width={bar} height={h} rx={Math.min(3, bar / 3)} fill="currentColor">
                <title>{`${p.label}: ${number.format(p.value)} ${unit}`}</title>
              </rect>
              {labelled.has(i) ? (
                <text
                  x={Math.min(WIDTH - 2, Math.max(LEFT, x + bar / 2))}
                  y={HEIGHT - 6}
                  fontSize={FONT}
                  fill="#374151"
                  textAnchor={i === 0 ? "start" : i === points.length - 1 ? "end" : "middle"}
                >
                  {p.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
