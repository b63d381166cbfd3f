// Module borders (issue 47 item 5). The table below is the one in docs/architecture.md ("Module borders"):
// each module lists the other modules it may import, type-only imports included. Anything not listed is
// forbidden and fails `npm run lint:borders` (part of `npm run validate`). Change the table here and in the
// doc together; `npm run borders:report` prints the module pairs that import each other and the cycles.
/** Which modules each module under app/modules/ may import (its own files are always allowed). */
const MAY_IMPORT = {
  access: ["membership"],
  accounts: ["access", "admin", "receipts", "security"],
  admin: ["access"],
  ai: ["access", "security"],
  analytics: ["access", "orders", "payments", "pricing", "receipts"],
  content: ["access", "admin", "live", "pricing", "reader", "storage"],
  engagement: ["access", "admin", "content", "security"],
  home: ["access", "admin", "content", "membership", "pricing", "storage"],
  jobs: ["member-mail", "membership", "payments", "privacy", "reader", "security", "sms"],
  live: [],
  "member-mail": ["access", "accounts", "content", "membership", "security"],
  membership: ["access", "admin", "orders", "pricing", "security"],
  offline: ["access", "accounts", "content", "engagement", "reader"],
  orders: ["access", "admin", "pricing", "security"],
  payments: ["access", "admin", "membership", "orders", "pricing", "receipts", "site", "sms"],
  pricing: [],
  privacy: ["analytics", "membership", "orders", "receipts", "security", "storage"],
  reader: ["access", "storage"],
  receipts: ["access", "membership", "orders", "pricing"],
  security: [],
  site: ["access", "accounts", "content", "offline", "pricing"],
  sms: ["access"],
  storage: ["access", "admin"],
};

const moduleRules = Object.entries(MAY_IMPORT).map(([name, allowed]) => ({
  name: `module-${name}`,
  comment: `${name} may import only: ${allowed.join(", ") || "no other module"} (docs/architecture.md, Module borders)`,
  severity: "error",
  from: { path: `^app/modules/${name}/` },
  to: { path: "^app/modules/([^/]+)/", pathNot: `^app/modules/(${[name, ...allowed].join("|")})/` },
}));

/** The layers: routes -> components/modules -> lib/db; stand-ins load only through lib/stand-ins.server.ts. */
const layerRules = [
  {
    name: "lib-knows-no-feature",
    comment: "lib/ imports nothing from modules, components, routes or the server.",
    severity: "error",
    from: { path: "^app/lib/" },
    to: { path: "^app/(modules|components|routes|server)/" },
  },
  {
    name: "db-knows-no-feature",
    comment:
      "db/ (schema, client, migrations) imports nothing from modules, components, routes or the server. The seed and " +
      "boot.server.ts are composition roots (they start the modules' work), so they may import modules.",
    severity: "error",
    from: { path: "^app/db/", pathNot: "^app/db/(seed/|boot\\.server\\.ts$)" },
    to: { path: "^app/(modules|components|routes|server)/" },
  },
  {
    name: "modules-never-draw",
    comment: "Modules never import components, routes or the server.",
    severity: "error",
    from: { path: "^app/modules/" },
    to: { path: "^app/(components|routes|server)/" },
  },
  {
    name: "components-never-route",
    comment: "Components never import routes or the server, nor the database.",
    severity: "error",
    from: { path: "^app/components/" },
    to: { path: "^app/(routes|server|db/client)" },
  },
  {
    name: "routes-never-db",
    comment: "Routes call modules, never the database.",
    severity: "error",
    from: { path: "^app/routes/" },
    to: { path: "^app/db/" },
  },
  {
    name: "stand-ins-through-loader",
    comment:
      "Load stand-ins through loadStandIns() (app/lib/stand-ins.server.ts): the production build leaves them out.",
    severity: "error",
    from: { path: "^app/", pathNot: ["^app/stand-ins/", "^app/lib/stand-ins\\.server\\.ts$"] },
    to: { path: "^app/stand-ins/" },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [...moduleRules, ...layerRules],
  options: {
    // Type-only imports count: a border crossed by a type is still crossed.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)\\.react-router/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
  },
};
