// After `react-router build`: writes .br (quality 11) and .gz (level 9) next to every hashed JS/CSS asset,
// so the server sends the smallest form without compressing on each request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = path.resolve(import.meta.dirname, "../build/client/assets");
let raw = 0;
let br = 0;
let gz = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|mjs|css|svg)$/.test(name)) continue;
  const file = path.join(dir, name);
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(body, { level: 9 });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzip);
  raw += body.length;
  br += brotli.length;
  gz += gzip.length;
}
console.log(
  `precompressed assets: ${Math.round(raw / 1024)} KiB -> brotli ${Math.round(br / 1024)} KiB, gzip ${Math.round(gz / 1024)} KiB`,
);
