import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import { getEnv, type Env } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { assertSafeKey, contentTypeOfKey, type Bucket, type ObjectStorage, type StoredKey } from "./object-storage";

// What every storage offers stays importable from here, where the shop gets its storage.
export * from "./object-storage";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Stores objects as files under a directory; the local stand-in for object storage. */
export function createFileStorage(root: string): ObjectStorage {
  const fileFor = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return path.join(root, bucket, key);
  };
  // Written beside the target and renamed over it, so a reader never sees a half-written file.
  const tempFor = async (file: string) => {
    await mkdir(path.dirname(file), { recursive: true });
    return `${file}.${randomUUID()}.part`;
  };
  return {
    async put(bucket, key, bytes) {
      const file = fileFor(bucket, key);
      const temp = await tempFor(file);
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async get(bucket, key) {
      try {
        return { bytes: await readFile(fileFor(bucket, key)), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      await rm(fileFor(bucket, key), { force: true });
    },
    async stat(bucket, key) {
      try {
        const info = await stat(fileFor(bucket, key));
        if (!info.isFile()) return null;
        return {
          size: info.size,
          contentType: contentTypeOfKey(key),
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${info.ino.toString(16)}"`,
          lastModified: info.mtime,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(bucket, key, range) {
      const file = fileFor(bucket, key);
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      try {
        await new Promise<void>((resolve, reject) => {
          stream.once("open", () => resolve());
          stream.once("error", reject);
        });
      } catch (error) {
        stream.destroy();
        if (isMissing(error)) return null;
        throw error;
      }
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async write(bucket, key, body) {
      const file = fileFor(bucket, key);
      const temp = await tempFor(file);
      try {
        await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream), createWriteStream(temp));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async list(bucket, prefix = "") {
      if (prefix) assertSafeKey(prefix);
      const base = path.join(root, bucket);
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const found: StoredKey[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".part")) continue;
        const key = path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (key.startsWith(prefix)) found.push({ key, size: (await stat(path.join(base, key))).size });
      }
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
  };
}

/** Tests point the app at their own storage, as they do with the database (appDatabase). */
export const appStorage: { override: ObjectStorage | undefined } = { override: undefined };

export function getStorage(): ObjectStorage {
  return appStorage.override ?? singleton("storage", () => storageFromEnv(getEnv()));
}

function storageFromEnv(env: Env): ObjectStorage {
  if (env.STORAGE !== "s3") return createFileStorage(path.resolve(env.DATA_DIR, "storage"));
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new Error("STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  const config = {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
  };
  // The AWS SDK is large: it loads with the first storage call, not when the server starts.
  return lazyStorage(() => import("./s3-storage.server").then((m) => m.createS3Storage(config)));
}

/** Storage whose implementation is loaded by its first call. */
function lazyStorage(load: () => Promise<ObjectStorage>): ObjectStorage {
  let storage: Promise<ObjectStorage> | undefined;
  const ready = () => (storage ??= load());
  return {
    put: async (...args) => (await ready()).put(...args),
    get: async (...args) => (await ready()).get(...args),
    delete: async (...args) => (await ready()).delete(...args),
    stat: async (...args) => (await ready()).stat(...args),
    read: async (...args) => (await ready()).read(...args),
    write: async (...args) => (await ready()).write(...args),
    list: async (...args) => (await ready()).list(...args),
  };
}

/** Where a public object is served: from the CDN in MEDIA_BASE_URL, else at /media. */
export function publicUrl(key: string): string {
  const cdn = getEnv().MEDIA_BASE_URL;
  return cdn ? `${cdn.replace(/\/$/, "")}/${key}` : `/media/${key}`;
}
