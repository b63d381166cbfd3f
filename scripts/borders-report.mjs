// Measures module borders: which app/modules/* import each other (type-only
// imports included) and how many modules sit in the largest import cycle.
// Reads dependency-cruiser's JSON so the figures match what `lint:borders` sees.
import { execFileSync } from "node:child_process";

const json = execFileSync("npx", ["depcruise", "app", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
});
const { modules } = JSON.parse(json);
const moduleOf = (path) => /^app\/modules\/([^/]+)\//.exec(path)?.[1];

const edges = new Map();
for (const file of modules) {
  const from = moduleOf(file.source);
  if (!from) continue;
  for (const dep of file.dependencies) {
    const to = moduleOf(dep.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

const names = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])].sort();
const mutual = [];
for (const a of names)
  for (const b of names) if (a < b && edges.get(a)?.has(b) && edges.get(b)?.has(a)) mutual.push(`${a} <-> ${b}`);

// Tarjan's strongly connected components: a component of more than one module is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function visit(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!state.has(w)) {
      visit(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) {
      state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    components.push(component.sort());
  }
}
for (const v of names) if (!state.has(v)) visit(v);
const cycles = components.filter((c) => c.length > 1).sort((a, b) => b.length - a.length);

console.log(`modules: ${names.length}`);
console.log(`mutual pairs: ${mutual.length}`);
for (const pair of mutual) console.log(`  ${pair}`);
console.log(`modules in the largest cycle: ${cycles[0]?.length ?? 0}`);
for (const cycle of cycles) console.log(`  [${cycle.length}] ${cycle.join(", ")}`);
if (process.argv.includes("--edges"))
  for (const a of names) console.log(`${a} -> ${[...(edges.get(a) ?? [])].sort().join(", ")}`);
