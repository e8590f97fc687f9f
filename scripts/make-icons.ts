// Draws the app's PNG icons (web app manifest, home screen) from the logo art in apps/web/public/favicon.svg,
// in Debian's Chromium: 192 and 512 px as drawn, a 512 px maskable one (the art inside the safe zone on a
// full-bleed background, so a launcher's circle or squircle never cuts it), and the 180 px Apple touch icon.
// Usage: npx tsx scripts/make-icons.ts (the PNGs are committed; run again when the logo changes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ROOT } from '../e2e/support/server.ts';

const PUBLIC = join(ROOT, 'apps/web/public');
const svg = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
const background = /<rect width="64" height="64" rx="14" fill="([^"]+)"/.exec(svg)?.[1];
if (!background) throw new Error('favicon.svg no longer has its background square');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await launchBrowser();
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    // The maskable safe zone is the centred circle of 80 % of the width; the art's square fits it at 70 %.
    const art = icon.maskable ? Math.round(icon.size * 0.7) : icon.size;
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.maskable ? background : 'transparent'}"><img src="${dataUrl}" width="${art}" height="${art}"></body>`,
    );
    await page.screenshot({ path: join(PUBLIC, 'icons', icon.file), omitBackground: !icon.maskable });
    await page.close();
    console.info(`apps/web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
