// Lists the functions longer than a limit (80 lines by default) in the money modules (issue 47): payments, orders,
// membership, receipts and pricing. React components (a function in a .tsx file whose name starts with a capital)
// are left out. Usage: node scripts/function-lengths.mjs [--limit 80] [dir ...]; exits 1 when any is found.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const limitAt = args.indexOf("--limit");
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 80;
const dirs = args.filter((arg, index) => index !== limitAt && index !== limitAt + 1);
const roots = dirs.length
  ? dirs
  : ["payments", "orders", "membership", "receipts", "pricing"].map((name) => join("app/modules", name));

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

const long = [];
for (const file of roots.flatMap((dir) => filesUnder(dir))) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const name = nameOf(node);
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = end - start + 1;
      const component = file.endsWith(".tsx") && /^[A-Z]/.test(name);
      if (lines > limit && !component) long.push({ file: relative(".", file), name, start, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
long.sort((a, b) => b.lines - a.lines);
for (const { file, name, start, lines } of long) console.log(`${String(lines).padStart(4)}  ${file}:${start}  ${name}`);
console.log(`${long.length} function(s) over ${limit} lines`);
process.exitCode = long.length ? 1 : 0;
