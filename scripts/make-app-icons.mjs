// Run once (node scripts/make-app-icons.mjs) when the logo changes: writes the installable app's PNG icons into
// public/icons from the same N mark as public/favicon.svg. The PNGs are committed; the build does not run this.
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const out = path.resolve(import.meta.dirname, "../public/icons");
mkdirSync(out, { recursive: true });
const mark = "M20 46V18h5l14 19V18h5v28h-5L25 27v19z";
// "any": the rounded tile of the favicon. "maskable": a full-bleed square with the mark inside the 80% safe zone,
// so a launcher's circle or squircle never cuts it.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#be123c"/><path d="${mark}" fill="#fff"/></svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#be123c"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)"><path d="${mark}" fill="#fff"/></g></svg>`;
for (const [name, svg, size] of [
  ["icon-192.png", any, 192],
  ["icon-512.png", any, 512],
  ["maskable-512.png", maskable, 512],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
}
console.log("icons written to public/icons");
