// Regenerates app/components/ui/icons.tsx from the lucide-react icon data: node scripts/generate-icons.mjs
import fs from "node:fs";
const names =
  "Activity Apple ArrowLeft ArrowUp BookOpen Bookmark ChevronLeft ChevronRight CreditCard Dumbbell FileText Flower Heart House LayoutGrid Lock Scale Sparkles Star Tag User".split(
    " ",
  );
const kebab = (n) => n.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();
let out = `// Icons from Lucide (ISC licence, https://lucide.dev), as plain SVG so every page shares one small module
// instead of a chunk per icon. Generated from the lucide-react package's icon data.
import type { SVGProps } from "react";

type Node = [string, Record<string, string>][];

function make(name: string, node: Node) {
  function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
      >
        {node.map(([tag, attrs], i) => {
          const Tag = tag as "path";
          return <Tag key={i} {...attrs} />;
        })}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

`;
for (const n of names) {
  const mod = await import(`../node_modules/lucide-react/dist/esm/icons/${kebab(n)}.mjs`);
  const node = mod.__iconData.node.map(([tag, attrs]) => {
    const { key: _key, ...rest } = attrs;
    return [tag, rest];
  });
  out += `export const ${n} = make("${n}", ${JSON.stringify(node)});\n`;
}
fs.writeFileSync(new URL("../app/components/ui/icons.tsx", import.meta.url), out);
