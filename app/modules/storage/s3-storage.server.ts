import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertSafeKey, contentTypeOfKey, type ObjectStorage, type StoredKey } from "./object-storage";

// Object storage on any S3-compatible service (AWS S3, Cloudflare R2, MinIO) through the official AWS SDK. One
// bucket holds both of the shop's buckets as prefixes: public/ (covers and images) and private/ (ebook PDFs).
// Keep the S3 bucket itself private: the shop streams private objects through its access check and serves public
// ones at /media (or from MEDIA_BASE_URL, a CDN in front of the public/ prefix).

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound");

/** Streams are uploaded in parts of this size: memory stays bounded whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;

export function createS3Storage(config: S3StorageConfig): ObjectStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: R2 and MinIO do not all accept the newer default trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  const keyOf = (bucket: string, key: string) => {
    assertSafeKey(key);
    return `${bucket}/${key}`;
  };

  return {
    async put(bucket, key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(bucket, key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(bucket, key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(bucket, key) }));
        return { bytes: await out.Body!.transformToByteArray(), contentType: out.ContentType ?? contentTypeOfKey(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(bucket, key) }));
    },
    async stat(bucket, key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(bucket, key) }));
        return {
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? contentTypeOfKey(key),
          etag: out.ETag ?? `"${out.ContentLength}-${out.LastModified?.getTime()}"`,
          lastModified: out.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(bucket, key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(bucket, key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return out.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async write(bucket, key, body, contentType) {
      // S3 makes an object visible only when its upload completes: readers see the old one or the whole new one.
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: keyOf(bucket, key),
          Body: Readable.fromWeb(body as import("node:stream/web").ReadableStream),
          ContentType: contentType,
        },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async list(bucket, prefix = "") {
      if (prefix) assertSafeKey(prefix);
      const found: StoredKey[] = [];
      let ContinuationToken: string | undefined;
      do {
        const out = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${bucket}/${prefix}`, ContinuationToken }),
        );
        for (const item of out.Contents ?? [])
          if (item.Key) found.push({ key: item.Key.slice(bucket.length + 1), size: item.Size ?? 0 });
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
  };
}
