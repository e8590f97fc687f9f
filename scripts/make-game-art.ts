// Draws the WebP artwork the player app shows for each game provider from its SVG source in
// apps/server/assets/games/<code>/ (drawn by make-art.mjs there), in Debian's Chromium, sharp on a 2x phone
// screen: the logo for its 56 px box, the background for a card about 400 px wide at the card's height.
// Why raster: a phone opens every SVG <img> as a document of its own on the page's main thread (10-45 ms each
// on a slow machine; the home screen shows 34 of them), while a WebP is decoded off that thread.
// Usage: npx tsx scripts/make-game-art.ts (the WebP files are committed; run again when an SVG changes).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ROOT } from '../e2e/support/server.ts';

const GAMES = join(ROOT, 'apps/server/assets/games');
const WIDTH = { logo: 112, background: 640 } as const;
// Flat colours and gradients: quality 80 keeps edges and text clean at a few KB a picture.
const QUALITY = 0.8;

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  for (const code of readdirSync(GAMES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    for (const name of ['logo', 'background'] as const) {
      const svg = readFileSync(join(GAMES, code, `${name}.svg`), 'utf8');
      const dataUrl = await page.evaluate(
        async ({ svg, width, quality }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = Math.round((image.naturalHeight * width) / image.naturalWidth);
          canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
          return canvas.toDataURL('image/webp', quality);
        },
        { svg, width: WIDTH[name], quality: QUALITY },
      );
      if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`${code}/${name}: no WebP encoder`);
      const file = join(GAMES, code, `${name}.webp`);
      writeFileSync(file, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
      console.info(file.slice(ROOT.length + 1));
    }
  }
} finally {
  await browser.close();
}
