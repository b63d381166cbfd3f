// Seeds the end-to-end suite's demo shops ahead of it and writes where they are to the file named by the first
// argument: `npm test` runs this beside validation, where a core is otherwise idle, and hands the file to the suite's
// global setup as E2E_SHOPS (tests/setup/e2e-global.ts), which also drops the PostgreSQL template at the end.
import { writeFileSync } from "node:fs";
import { prepareShops } from "../tests/setup/demo-shop-seed";

const out = process.argv[2];
if (!out) throw new Error("Usage: prepare-e2e-shops.ts <file to write>");
writeFileSync(out, JSON.stringify(await prepareShops(process.env.TEST_DATABASE_URL)));
