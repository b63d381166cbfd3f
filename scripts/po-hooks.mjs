// Node module hooks (ADR 048): a script run outside Vite (`npm run admin:create`, `npm run reconcile`, the test
// harness's shop processes) imports the same `~/locales/<lang>/messages.po` catalogues the build compiles; this
// compiles them the same way, at load time.
import { fileURLToPath } from "node:url";
import { compilePoModule } from "./po-catalogues.mjs";

export async function load(url, context, nextLoad) {
  if (!url.endsWith(".po")) return nextLoad(url, context);
  return { format: "module", source: compilePoModule(fileURLToPath(url)), shortCircuit: true };
}
