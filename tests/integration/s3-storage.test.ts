// The S3 adapter, through the official AWS SDK over HTTP against the local S3-compatible stand-in, passes the same
// contract as the disk adapter; a wrong key is refused.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createS3Storage } from "~/modules/storage/s3-storage.server";
import { startS3StandIn, type S3StandIn } from "~/stand-ins/s3-stand-in.server";
import type { ObjectStorage } from "~/modules/storage/storage.server";
import { storageContract } from "../setup/storage-contract";

let standIn: S3StandIn;
let storage: ObjectStorage;

beforeAll(async () => {
  standIn = await startS3StandIn({ production: false });
  storage = createS3Storage({
    bucket: standIn.bucket,
    region: "auto",
    endpoint: standIn.endpoint,
    accessKeyId: standIn.accessKeyId,
    secretAccessKey: standIn.secretAccessKey,
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await standIn?.close();
});

storageContract("S3", () => storage);

it("keeps the shop's buckets as prefixes of one S3 bucket, and refuses a wrong key", async () => {
  await storage.put("private", "ebooks/prefix.pdf", new Uint8Array([1]), "application/pdf");
  expect(standIn.objects.has("private/ebooks/prefix.pdf")).toBe(true);
  // The 9 MB stream of the contract went up in two parts (memory stays bounded).
  expect(standIn.objects.get("private/ebooks/big.pdf")?.etag).toMatch(/-2"$/);
  const wrong = createS3Storage({
    bucket: standIn.bucket,
    region: "auto",
    endpoint: standIn.endpoint,
    accessKeyId: "SOMEONE-ELSE",
    secretAccessKey: "x",
    forcePathStyle: true,
  });
  await expect(wrong.put("public", "x.png", new Uint8Array([1]), "image/png")).rejects.toThrow(/Access Key/);
});
