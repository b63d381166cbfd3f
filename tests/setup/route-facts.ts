// The facts routes declare in their handle (app/lib/route-facts.ts), read the way the server reads them from its
// build, but from the sources: app/routes.ts gives the tree, each route module its handle.
import routes from "~/routes";
import { type BuildRoutes, type RouteFactIndex, indexRouteFacts } from "~/lib/route-facts";

interface ConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigEntry[];
}

const modules = import.meta.glob<{ handle?: unknown }>("/app/routes/**/*.{ts,tsx}");

let loaded: Promise<RouteFactIndex> | undefined;

export function sourceRouteFacts(): Promise<RouteFactIndex> {
  loaded ??= (async () => {
    const build: BuildRoutes = {};
    const visit = async (entries: ConfigEntry[], parentId: string) => {
      for (const entry of entries) {
        const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
        const load = modules[`/app/${entry.file}`];
        if (!load) throw new Error(`No module for ${entry.file}`);
        const module = await load();
        build[id] = { id, parentId, path: entry.path, index: entry.index, module };
        if (entry.children) await visit(entry.children, id);
      }
    };
    build.root = { id: "root", path: "", module: {} };
    await visit(routes as ConfigEntry[], "root");
    return indexRouteFacts(build);
  })();
  return loaded;
}
