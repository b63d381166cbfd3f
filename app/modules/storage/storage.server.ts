import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";

/** public: covers and article images, served at /media. private: ebook files, never served directly. */
export type Bucket = "public" | "private";

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

export interface ObjectStorage {
  put(bucket: Bucket, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._/-]{0,200}$/i;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
};

/** Stores objects as files under a directory; the local stand-in for object storage. */
export function createFileStorage(root: string): ObjectStorage {
  const fileFor = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return path.join(root, bucket, key);
  };
  return {
    async put(bucket, key, bytes) {
      const file = fileFor(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(bucket, key) {
      try {
        const bytes = await readFile(fileFor(bucket, key));
        return { bytes, contentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream" };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      await rm(fileFor(bucket, key), { force: true });
    },
  };
}

export function getStorage(): ObjectStorage {
  return singleton("storage", () => createFileStorage(path.resolve(getEnv().DATA_DIR, "storage")));
}

export function publicUrl(key: string): string {
  return `/media/${key}`;
}
