// Generates the demo catalogue's artwork: <code>/logo.svg (96x96) and <code>/background.svg (320x120).
// Run by hand (node apps/server/assets/games/make-art.mjs) after changing a palette; the SVG files are
// committed and the build never runs this. Everything is drawn from shapes: no fonts beyond a generic
// sans-serif monogram, no external references, and a fixed seed per code so a rerun changes nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = dirname(fileURLToPath(import.meta.url));

// code, name (the SVG title, as in the catalogue), monogram, motif, [dark, light, accent]
const ART = [
  ['pg', 'Pearl Grove', 'PG', 'pearl', ['#0f3d3e', '#2fa39a', '#f4e9d8']],
  ['joker2', 'Jester Twin', 'JT', 'jester', ['#3b0a45', '#c2185b', '#ffd54f']],
  ['pgslot', 'Prism Gate Slots', 'PGS', 'prism', ['#1a1446', '#5b5fe0', '#9ff0ff']],
  ['askmebet', 'Amber Meadow', 'AM', 'leaf', ['#5a2d0c', '#e08a1e', '#ffe7a3']],
  ['areaslot', 'Aurora Reels', 'AR', 'aurora', ['#07263b', '#1db388', '#b8f7e0']],
  ['circus', 'Carnival Comet', 'CC', 'tent', ['#5c0a0a', '#e53935', '#fff3e0']],
  ['slotracha', 'Spin Raja', 'SR', 'crown', ['#2b1d00', '#b8860b', '#fff2b3']],
  ['goldlotus', 'Golden Lotus Pond', 'GL', 'lotus', ['#3d1030', '#e07aa8', '#ffe082']],
  ['betflix', 'Bayfront Live', 'BL', 'cards', ['#101c33', '#2f6fdb', '#ffcc80']],
  ['usun', 'Upper Sun Arena', 'US', 'sun', ['#4a1500', '#ff7a1a', '#fff1c1']],
  ['imi', 'Indigo Match', 'IM', 'ball', ['#0b1f4a', '#3949ab', '#e8eaf6']],
  ['tigerstrike', 'Tiger Stripe Sports', 'TS', 'stripes', ['#2a1500', '#ef8f00', '#1b1b1b']],
  ['velvet', 'Velvet Table Live', 'VT', 'chip', ['#2a0514', '#8e1538', '#f8d7a8']],
  ['huayhd', 'Harbour Draw HD', 'HD', 'wave', ['#062a3a', '#0288a8', '#c9f3ff']],
  ['mekongdraw', 'Mekong Moon Draw', 'MM', 'moon', ['#101236', '#4c3f91', '#ffe9a8']],
  ['numberhouse', 'Number House', 'NH', 'house', ['#12301a', '#43a047', '#e8ffe0']],
];

/** mulberry32 seeded from the code, so each provider's background is distinct but reproducible. */
function rng(seedText) {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed ^ ch.charCodeAt(0), 2654435761) + 1) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

/** A motif centred on (cx, cy) with size s, in colour c. */
function motif(kind, cx, cy, s, c, opacity) {
  const o = `fill="${c}" fill-opacity="${opacity}"`;
  const pts = (list) => list.map(([x, y]) => `${r1(cx + x * s)},${r1(cy + y * s)}`).join(' ');
  switch (kind) {
    case 'pearl':
      return `<circle cx="${cx}" cy="${cy}" r="${r1(s * 0.8)}" ${o}/><circle cx="${r1(cx - s * 0.25)}" cy="${r1(cy - s * 0.25)}" r="${r1(s * 0.2)}" fill="#fff" fill-opacity="${opacity}"/>`;
    case 'jester':
      return `<polygon points="${pts([
        [-1, 0.6],
        [-0.7, -0.8],
        [0, 0.2],
        [0.7, -0.8],
        [1, 0.6],
      ])}" ${o}/>`;
    case 'prism':
      return `<polygon points="${pts([
        [0, -0.9],
        [0.9, 0.7],
        [-0.9, 0.7],
      ])}" ${o}/>`;
    case 'leaf':
      return `<path d="M${r1(cx - s)} ${r1(cy + s * 0.6)}Q${r1(cx - s * 0.6)} ${r1(cy - s)} ${r1(cx + s)} ${r1(cy - s * 0.7)}Q${r1(cx + s * 0.4)} ${r1(cy + s)} ${r1(cx - s)} ${r1(cy + s * 0.6)}Z" ${o}/>`;
    case 'aurora':
      return `<path d="M${r1(cx - s)} ${r1(cy + s * 0.5)}C${r1(cx - s * 0.4)} ${r1(cy - s)} ${r1(cx + s * 0.3)} ${r1(cy + s)} ${r1(cx + s)} ${r1(cy - s * 0.5)}" fill="none" stroke="${c}" stroke-opacity="${opacity}" stroke-width="${r1(s * 0.35)}" stroke-linecap="round"/>`;
    case 'tent':
      return `<polygon points="${pts([
        [0, -0.95],
        [0.95, 0.75],
        [-0.95, 0.75],
      ])}" ${o}/><polygon points="${pts([
        [0, -0.95],
        [0.3, 0.75],
        [-0.3, 0.75],
      ])}" fill="#fff" fill-opacity="${opacity * 0.6}"/>`;
    case 'crown':
      return `<polygon points="${pts([
        [-0.9, 0.6],
        [-0.9, -0.5],
        [-0.45, 0],
        [0, -0.8],
        [0.45, 0],
        [0.9, -0.5],
        [0.9, 0.6],
      ])}" ${o}/>`;
    case 'lotus':
      return [-50, -25, 0, 25, 50]
        .map(
          (deg) =>
            `<ellipse cx="${cx}" cy="${r1(cy - s * 0.35)}" rx="${r1(s * 0.22)}" ry="${r1(s * 0.6)}" transform="rotate(${deg} ${cx} ${r1(cy + s * 0.3)})" ${o}/>`,
        )
        .join('');
    case 'cards':
      return `<rect x="${r1(cx - s * 0.8)}" y="${r1(cy - s * 0.7)}" width="${r1(s * 0.9)}" height="${r1(s * 1.3)}" rx="${r1(s * 0.12)}" transform="rotate(-12 ${cx} ${cy})" ${o}/><rect x="${r1(cx - s * 0.1)}" y="${r1(cy - s * 0.6)}" width="${r1(s * 0.9)}" height="${r1(s * 1.3)}" rx="${r1(s * 0.12)}" transform="rotate(12 ${cx} ${cy})" ${o}/>`;
    case 'sun':
      return `<circle cx="${cx}" cy="${cy}" r="${r1(s * 0.45)}" ${o}/>${[0, 45, 90, 135, 180, 225, 270, 315]
        .map(
          (deg) =>
            `<rect x="${r1(cx - s * 0.07)}" y="${r1(cy - s)}" width="${r1(s * 0.14)}" height="${r1(s * 0.3)}" transform="rotate(${deg} ${cx} ${cy})" ${o}/>`,
        )
        .join('')}`;
    case 'ball':
      return `<circle cx="${cx}" cy="${cy}" r="${r1(s * 0.8)}" fill="none" stroke="${c}" stroke-opacity="${opacity}" stroke-width="${r1(s * 0.14)}"/><polygon points="${pts(
        [
          [0, -0.3],
          [0.28, -0.1],
          [0.18, 0.25],
          [-0.18, 0.25],
          [-0.28, -0.1],
        ],
      )}" ${o}/>`;
    case 'stripes':
      return [-0.6, 0, 0.6]
        .map(
          (dx) =>
            `<path d="M${r1(cx + dx * s - s * 0.15)} ${r1(cy - s)}L${r1(cx + dx * s + s * 0.2)} ${r1(cy)}L${r1(cx + dx * s - s * 0.15)} ${r1(cy + s)}" fill="none" stroke="${c}" stroke-opacity="${opacity}" stroke-width="${r1(s * 0.18)}" stroke-linejoin="round"/>`,
        )
        .join('');
    case 'chip':
      return `<circle cx="${cx}" cy="${cy}" r="${r1(s * 0.85)}" ${o}/><circle cx="${cx}" cy="${cy}" r="${r1(s * 0.55)}" fill="none" stroke="#fff" stroke-opacity="${opacity}" stroke-width="${r1(s * 0.1)}" stroke-dasharray="${r1(s * 0.3)} ${r1(s * 0.2)}"/>`;
    case 'wave':
      return `<path d="M${r1(cx - s)} ${cy}q${r1(s / 4)} ${r1(-s / 2)} ${r1(s / 2)} 0t${r1(s / 2)} 0t${r1(s / 2)} 0t${r1(s / 2)} 0" fill="none" stroke="${c}" stroke-opacity="${opacity}" stroke-width="${r1(s * 0.2)}" stroke-linecap="round"/>`;
    case 'moon':
      // Outer half circle and a flatter arc back: the flatter one needs a radius above half the chord.
      return `<path d="M${r1(cx + s * 0.3)} ${r1(cy - s * 0.85)}A${r1(s * 0.85)} ${r1(s * 0.85)} 0 1 0 ${r1(cx + s * 0.3)} ${r1(cy + s * 0.85)}A${r1(s * 1.2)} ${r1(s * 1.2)} 0 0 1 ${r1(cx + s * 0.3)} ${r1(cy - s * 0.85)}Z" ${o}/>`;
    case 'house':
      return `<polygon points="${pts([
        [0, -0.9],
        [0.9, -0.1],
        [0.65, -0.1],
        [0.65, 0.8],
        [-0.65, 0.8],
        [-0.65, -0.1],
        [-0.9, -0.1],
      ])}" ${o}/>`;
    default:
      throw new Error(`unknown motif ${kind}`);
  }
}

function logo(code, name, mono, kind, [dark, light, accent]) {
  const size = mono.length > 2 ? 24 : 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img">
<title>${name}</title>
<defs><linearGradient id="${code}-l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="96" height="96" rx="22" fill="url(#${code}-l)"/>
${motif(kind, 48, 44, 30, accent, 0.35)}
<rect x="6" y="6" width="84" height="84" rx="17" fill="none" stroke="${accent}" stroke-opacity="0.5" stroke-width="2"/>
<text x="48" y="${48 + size * 0.36}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${accent}">${mono}</text>
</svg>
`;
}

function background(code, name, kind, [dark, light, accent]) {
  const random = rng(code);
  const bubbles = Array.from({ length: 7 }, () => {
    const cx = r1(random() * 320);
    const cy = r1(random() * 120);
    const r = r1(8 + random() * 34);
    const fill = random() < 0.5 ? accent : light;
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" fill-opacity="${(0.06 + random() * 0.14).toFixed(2)}"/>`;
  }).join('');
  const crest = r1(40 + random() * 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 120" width="320" height="120" preserveAspectRatio="xMidYMid slice" role="img">
<title>${name}</title>
<defs><linearGradient id="${code}-b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient>
<radialGradient id="${code}-g" cx="0.8" cy="0.3" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="320" height="120" fill="url(#${code}-b)"/>
<rect width="320" height="120" fill="url(#${code}-g)"/>
${bubbles}
<path d="M0 ${crest + 30}C80 ${crest - 10} 160 ${crest + 50} 320 ${crest}V120H0Z" fill="${dark}" fill-opacity="0.35"/>
${motif(kind, 262, 58, 40, accent, 0.3)}
</svg>
`;
}

for (const [code, name, mono, kind, palette] of ART) {
  const dir = join(OUT, code);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'logo.svg'), logo(code, name, mono, kind, palette));
  writeFileSync(join(dir, 'background.svg'), background(code, name, kind, palette));
}
console.info(`wrote ${ART.length * 2} files under ${OUT}`);
