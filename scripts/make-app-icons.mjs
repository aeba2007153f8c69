// Draws the installable app's icons (contract §14) from the product's logo, web/public/favicon.svg:
// "LE" in gold in a gold ring on the app's dark background. Run once after a change of the logo:
//   node scripts/make-app-icons.mjs
// and commit web/public/icons/. sharp is the API's dependency (it re-encodes uploads there).
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharp = createRequire(path.join(root, 'api', 'package.json'))('sharp');
const logo = readFileSync(path.join(root, 'web', 'public', 'favicon.svg'), 'utf8');
const out = path.join(root, 'web', 'public', 'icons');
mkdirSync(out, { recursive: true });

const BACKGROUND = '#0b0d12';
const inner = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/** The logo as drawn at `size`, the logo's 64 units scaled into `scale` of the square, centred on a full-bleed background. */
const square = (size, scale, { rounded = true } = {}) => {
  const box = 64 / scale;
  const offset = (box - 64) / 2;
  const body = rounded ? inner : inner.replace(/<rect width="64" height="64" rx="14" fill="#0b0d12"\/>/, '');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-offset} ${-offset} ${box} ${box}">` +
      (rounded ? '' : `<rect x="${-offset}" y="${-offset}" width="${box}" height="${box}" fill="${BACKGROUND}"/>`) +
      `${body}</svg>`,
  );
};

/** A one-colour silhouette for the status bar (Android shows only the alpha). */
const badge = (size) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect x="5" y="5" width="54" height="54" rx="11" fill="none" stroke="#fff" stroke-width="5"/><text x="32" y="43" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="28" font-weight="700" fill="#fff">LE</text></svg>`,
  );

const icons = [
  // "any": the logo itself, its own rounded square
  ['icon-192.png', square(192, 1)],
  ['icon-512.png', square(512, 1)],
  // maskable: full bleed, the logo inside the central 80% safe zone (a mask may cut the rest)
  ['icon-maskable-192.png', square(192, 0.7, { rounded: false })],
  ['icon-maskable-512.png', square(512, 0.7, { rounded: false })],
  // iOS draws its own corners: full bleed, a little margin
  ['apple-touch-icon-180.png', square(180, 0.86, { rounded: false })],
  ['badge-96.png', badge(96)],
];
for (const [name, svg] of icons) {
  await sharp(svg).png({ compressionLevel: 9 }).toFile(path.join(out, name));
  process.stdout.write(`web/public/icons/${name}\n`);
}
