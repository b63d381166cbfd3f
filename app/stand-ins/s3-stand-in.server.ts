import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHash, randomBytes } from "node:crypto";

// A local S3-compatible stand-in for tests and development, spoken to by the AWS SDK over HTTP (path-style):
// PUT, GET (with Range), HEAD, DELETE, ListObjectsV2 and multipart uploads, answering in S3's XML. Requests must
// carry a SigV4 Authorization header for its access key (the signature itself is not recomputed). Objects live
// in memory. Refuses to run in production.

interface StoredObject {
  bytes: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

const xmlEscape = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  close(): Promise<void>;
}

export async function startS3StandIn(options: { bucket?: string; production?: boolean } = {}): Promise<S3StandIn> {
  if (options.production ?? process.env.NODE_ENV === "production")
    throw new Error("The S3 stand-in does not run in production");
  const bucket = options.bucket ?? "nuru-test";
  const accessKeyId = `LOCAL${randomBytes(6).toString("hex").toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString("base64url");
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const [, bucketName, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const error = (status: number, code: string, message: string) => {
      res.writeHead(status, { "Content-Type": "application/xml" });
      res.end(
        req.method === "HEAD"
          ? undefined
          : `${XML_HEAD}<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`,
      );
    };
    if (!(req.headers.authorization ?? "").includes(`Credential=${accessKeyId}/`))
      return error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
    if (bucketName !== bucket) return error(404, "NoSuchBucket", "The specified bucket does not exist");
    const q = url.searchParams;

    if (req.method === "GET" && !key && q.get("list-type") === "2") {
      const prefix = q.get("prefix") ?? "";
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const contents = keys
        .map((k) => {
          const o = objects.get(k)!;
          return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join("");
      res.writeHead(200, { "Content-Type": "application/xml" });
      return res.end(
        `${XML_HEAD}<ListBucketResult ${NS}><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
      );
    }
    if (!key) return error(400, "InvalidRequest", "A key is required");

    if (req.method === "POST" && q.has("uploads")) {
      const uploadId = randomBytes(12).toString("hex");
      uploads.set(uploadId, {
        key,
        contentType: req.headers["content-type"] ?? "binary/octet-stream",
        parts: new Map(),
      });
      res.writeHead(200, { "Content-Type": "application/xml" });
      return res.end(
        `${XML_HEAD}<InitiateMultipartUploadResult ${NS}><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    const uploadId = q.get("uploadId");
    if (uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) return error(404, "NoSuchUpload", "The specified upload does not exist.");
      if (req.method === "PUT") {
        const part = await readBody(req);
        upload.parts.set(Number(q.get("partNumber")), part);
        res.writeHead(200, { ETag: `"${createHash("md5").update(part).digest("hex")}"` });
        return res.end();
      }
      if (req.method === "DELETE") {
        uploads.delete(uploadId);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === "POST") {
        await readBody(req);
        const numbers = [...upload.parts.keys()].sort((a, b) => a - b);
        const bytes = Buffer.concat(numbers.map((n) => upload.parts.get(n)!));
        const etag = `"${createHash("md5").update(bytes).digest("hex")}-${numbers.length}"`;
        objects.set(key, { bytes, contentType: upload.contentType, etag, lastModified: new Date() });
        uploads.delete(uploadId);
        res.writeHead(200, { "Content-Type": "application/xml" });
        return res.end(
          `${XML_HEAD}<CompleteMultipartUploadResult ${NS}><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
    }

    if (req.method === "PUT") {
      const bytes = await readBody(req);
      const etag = `"${createHash("md5").update(bytes).digest("hex")}"`;
      objects.set(key, {
        bytes,
        contentType: req.headers["content-type"] ?? "binary/octet-stream",
        etag,
        lastModified: new Date(),
      });
      res.writeHead(200, { ETag: etag });
      return res.end();
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (req.method === "GET" || req.method === "HEAD") {
      const object = objects.get(key);
      if (!object) return error(404, "NoSuchKey", "The specified key does not exist.");
      const headers: Record<string, string | number> = {
        "Content-Type": object.contentType,
        ETag: object.etag,
        "Last-Modified": object.lastModified.toUTCString(),
        "Accept-Ranges": "bytes",
      };
      let body = object.bytes;
      let status = 200;
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : object.bytes.length - 1, object.bytes.length - 1);
        if (start > end) {
          res.writeHead(416, { "Content-Range": `bytes */${object.bytes.length}` });
          return res.end();
        }
        body = object.bytes.subarray(start, end + 1);
        headers["Content-Range"] = `bytes ${start}-${end}/${object.bytes.length}`;
        status = 206;
      }
      headers["Content-Length"] = body.length;
      res.writeHead(status, headers);
      return res.end(req.method === "HEAD" ? undefined : body);
    }
    return error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
