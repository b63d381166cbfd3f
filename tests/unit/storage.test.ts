import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createFileStorage } from "~/modules/storage/storage.server";
import { storageContract } from "../setup/storage-contract";

const storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-storage-unit-")));
storageContract("disk", () => storage);
