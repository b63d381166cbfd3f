// Run once (node scripts/make-app-icons.mjs) when the logo changes: writes the installable app's PNG icons into
// public/icons, and public/favicon.ico (for clients that ask for /favicon.ico whatever the page links: feed readers,
// link previews, old browsers), from the same N mark as public/favicon.svg. The files are committed; the build does
// not run this.
import { mkdirSync, writeFileSync } from "node:fs";
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
// favicon.ico: 16, 32 and 48 px, each a PNG inside the ICO container (read by every browser since Windows Vista's).
const sizes = [16, 32, 48];
const pngs = await Promise.all(
  sizes.map((size) =>
    sharp(Buffer.from(any), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  ),
);
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1 = icon
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((size, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry); // width
  header.writeUInt8(size, entry + 1); // height
  header.writeUInt8(0, entry + 2); // no palette
  header.writeUInt8(0, entry + 3); // reserved
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(pngs[i].length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += pngs[i].length;
});
writeFileSync(path.resolve(import.meta.dirname, "../public/favicon.ico"), Buffer.concat([header, ...pngs]));
console.log("icons written to public/icons and public/favicon.ico");
