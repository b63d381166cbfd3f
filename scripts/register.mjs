// What `node --import ./scripts/register.mjs <file.ts>` needs to run the app's TypeScript outside Vite: tsx (types,
// the `~/` paths) and the .po catalogues (po-hooks.mjs). Every script and test process that imports app code uses it.
import { register } from "node:module";
import "tsx";

register("./po-hooks.mjs", import.meta.url);
