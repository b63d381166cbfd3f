// What every object storage offers (files on disk locally, an S3-compatible bucket in production) and the key rules
// both keep. Its own module so the S3 implementation, loaded only when configured, needs nothing from storage.server.
import path from "node:path";

/** public: covers and article images, served at /media. private: ebook files, never served directly. */
export type Bucket = "public" | "private";

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/** What a ranged answer needs to know before reading a byte. */
export interface ObjectInfo {
  size: number;
  contentType: string;
  /** A strong validator: changes whenever the object's bytes change. */
  etag: string;
  lastModified: Date;
}

/** A stored object's key and size, as a listing gives them. */
export interface StoredKey {
  key: string;
  size: number;
}

/** Inclusive byte range, as HTTP counts it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStorage {
  put(bucket: Bucket, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
  stat(bucket: Bucket, key: string): Promise<ObjectInfo | null>;
  /** Streams the object, or only `range` of it, without holding it in memory. Null when it does not exist. */
  read(bucket: Bucket, key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Writes a stream; readers see either the old object or the whole new one, never half. */
  write(bucket: Bucket, key: string, body: ReadableStream<Uint8Array>, contentType: string): Promise<void>;
  /** Every object whose key starts with `prefix`, sorted by key (for finding files nothing uses any more). */
  list(bucket: Bucket, prefix?: string): Promise<StoredKey[]>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._/-]{0,200}$/i;

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
};

export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}
