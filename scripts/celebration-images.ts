// Draws the celebration images (src/celebrations/images.ts) from the SVG below into public/celebrations/*.png.
// Run after changing a drawing: node --import tsx scripts/celebration-images.ts
// The PNGs are committed: the app serves them as they are, and Slack fetches them from PUBLIC_URL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { CELEBRATION_IMAGES } from '../src/celebrations/images.js';
import { projectRoot } from '../src/paths.js';

const W = 800;
const H = 400;
const INK = '#3b2a20';

/** A small deterministic random generator, so the confetti lands in the same places every time. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const frame = (bg: string, body: string, bg2 = bg) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>${body}</svg>`;

function confetti(seed: number, count: number, colors: string[], area = { x: 0, y: 0, w: W, h: H }): string {
  const r = seeded(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = area.x + r() * area.w;
    const y = area.y + r() * area.h;
    const c = colors[Math.floor(r() * colors.length)]!;
    const rot = Math.floor(r() * 180);
    out += r() < 0.5 ? `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="14" height="6" rx="2" fill="${c}" transform="rotate(${rot} ${x.toFixed(1)} ${y.toFixed(1)})"/>` : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(3 + r() * 3).toFixed(1)}" fill="${c}"/>`;
  }
  return out;
}

function star(cx: number, cy: number, outer: number, inner: number, fill: string): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rad = i % 2 === 0 ? outer : inner;
    pts.push(`${(cx + rad * Math.cos(a)).toFixed(1)},${(cy + rad * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}

const sparkle = (x: number, y: number, s: number, fill: string) =>
  `<path d="M${x} ${y - s}C${x + s * 0.15} ${y - s * 0.15} ${x + s * 0.15} ${y - s * 0.15} ${x + s} ${y}C${x + s * 0.15} ${y + s * 0.15} ${x + s * 0.15} ${y + s * 0.15} ${x} ${y + s}C${x - s * 0.15} ${y + s * 0.15} ${x - s * 0.15} ${y + s * 0.15} ${x - s} ${y}C${x - s * 0.15} ${y - s * 0.15} ${x - s * 0.15} ${y - s * 0.15} ${x} ${y - s}Z" fill="${fill}"/>`;

const PARTY = ['#e8704a', '#f2b63d', '#3aa39a', '#7b6ad8', '#e85d8a'];

function balloon(cx: number, cy: number, color: string, shade: string): string {
  return `<path d="M${cx} ${cy + 78} C ${cx - 10} ${cy + 140} ${cx + 22} ${cy + 190} ${cx + 4} ${cy + 260}" stroke="${INK}" stroke-width="2.5" fill="none" opacity="0.6"/>
<ellipse cx="${cx}" cy="${cy}" rx="62" ry="76" fill="${color}"/>
<ellipse cx="${cx + 14}" cy="${cy + 10}" rx="46" ry="62" fill="${shade}" opacity="0.35"/>
<ellipse cx="${cx - 22}" cy="${cy - 30}" rx="12" ry="20" fill="#fff" opacity="0.55" transform="rotate(-20 ${cx - 22} ${cy - 30})"/>
<path d="M${cx - 8} ${cy + 84} L${cx + 8} ${cy + 84} L${cx} ${cy + 74} Z" fill="${shade}"/>`;
}

const DRAWINGS: Record<string, () => string> = {
  'birthday-balloons': () =>
    frame('#fff4e6', `${confetti(7, 40, PARTY)}${balloon(290, 150, '#e8704a', '#b84a2b')}${balloon(410, 120, '#f2b63d', '#c98b12')}${balloon(530, 160, '#3aa39a', '#1f7169')}`, '#fde3cc'),
  'birthday-cake': () =>
    frame(
      '#fdf0f3',
      `${confetti(11, 30, PARTY, { x: 0, y: 0, w: W, h: 160 })}
<ellipse cx="400" cy="350" rx="230" ry="22" fill="#e9c9d1"/>
<rect x="230" y="250" width="340" height="95" rx="16" fill="#c2562f"/>
<path d="M230 268 q28 26 56 0 q28 26 56 0 q28 26 56 0 q28 26 56 0 q28 26 56 0 q28 26 58 0 v-8 h-340z" fill="#fff7ef"/>
<rect x="270" y="175" width="260" height="80" rx="14" fill="#f2b63d"/>
<path d="M270 190 q26 22 52 0 q26 22 52 0 q26 22 52 0 q26 22 52 0 q26 22 52 0 v-6 h-260z" fill="#fff7ef"/>
${[330, 400, 470].map((x) => `<rect x="${x - 7}" y="120" width="14" height="58" rx="4" fill="#3aa39a"/><path d="M${x} 92 q12 16 0 26 q-12 -10 0 -26z" fill="#f59e0b"/><circle cx="${x}" cy="110" r="4" fill="#fde68a"/>`).join('')}`,
      '#f9dde4',
    ),
  'birthday-gift': () =>
    frame(
      '#eef6f5',
      `${confetti(23, 36, PARTY)}
<ellipse cx="400" cy="352" rx="190" ry="18" fill="#cfe3e0"/>
<rect x="250" y="190" width="300" height="160" rx="12" fill="#7b6ad8"/>
<rect x="232" y="150" width="336" height="56" rx="10" fill="#9486e6"/>
<rect x="380" y="150" width="40" height="200" fill="#f2b63d"/>
<path d="M400 150 C 330 70 280 120 330 150 Z" fill="#f2b63d"/><path d="M400 150 C 470 70 520 120 470 150 Z" fill="#f2b63d"/>
<circle cx="400" cy="150" r="14" fill="#d99a1c"/>`,
      '#d8ecea',
    ),
  'birthday-confetti': () =>
    frame(
      '#2f2a4a',
      `${confetti(31, 120, PARTY)}
<path d="M400 70 L470 290 L330 290 Z" fill="#e85d8a"/>
<path d="M352 222 L448 222 L458 254 L342 254 Z" fill="#f2b63d"/><path d="M376 146 L424 146 L433 174 L367 174 Z" fill="#3aa39a"/>
<circle cx="400" cy="62" r="18" fill="#f2b63d"/>
<ellipse cx="400" cy="296" rx="86" ry="12" fill="#f7e6ef"/>`,
      '#463d6b',
    ),
  'anniversary-medal': () =>
    frame(
      '#f4f1ea',
      `${sparkle(170, 110, 22, '#f2b63d')}${sparkle(640, 150, 16, '#f2b63d')}${sparkle(600, 300, 24, '#e8704a')}${sparkle(210, 290, 14, '#3aa39a')}
<path d="M340 40 L400 40 L430 200 L370 200 Z" fill="#3aa39a"/><path d="M460 40 L400 40 L370 200 L430 200 Z" fill="#e8704a"/>
<circle cx="400" cy="250" r="96" fill="#d99a1c"/><circle cx="400" cy="250" r="80" fill="#f2b63d"/>
${star(400, 252, 50, 21, '#fff3c4')}`,
      '#ebe4d6',
    ),
  'anniversary-summit': () =>
    frame(
      '#fde7cf',
      `<circle cx="560" cy="150" r="70" fill="#f7b267" opacity="0.9"/>
<path d="M0 400 L190 200 L300 300 L420 130 L620 400 Z" fill="#5b6c8f"/>
<path d="M420 130 L470 200 L445 195 L420 215 L395 190 L375 196 Z" fill="#ffffff"/>
<path d="M330 400 L560 230 L800 400 Z" fill="#3e4c6b"/>
<path d="M190 200 L225 237 L200 232 L178 246 L168 224 Z" fill="#ffffff" opacity="0.9"/>
<rect x="418" y="60" width="5" height="72" fill="${INK}"/><path d="M423 62 L480 78 L423 96 Z" fill="#e8704a"/>`,
      '#f6c9a0',
    ),
  'anniversary-fireworks': () => {
    const burst = (cx: number, cy: number, r: number, color: string, n: number) =>
      Array.from({ length: n }, (_, i) => {
        const a = (2 * Math.PI * i) / n;
        const x1 = cx + Math.cos(a) * r * 0.35;
        const y1 = cy + Math.sin(a) * r * 0.35;
        const x2 = cx + Math.cos(a) * r;
        const y2 = cy + Math.sin(a) * r;
        return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${color}" stroke-width="5" stroke-linecap="round"/><circle cx="${x2.toFixed(1)}" cy="${y2.toFixed(1)}" r="4" fill="${color}"/>`;
      }).join('');
    return frame('#141b3a', `${confetti(41, 40, ['#ffffff'], { x: 0, y: 0, w: W, h: H })}${burst(260, 160, 100, '#f2b63d', 16)}${burst(520, 120, 80, '#e85d8a', 14)}${burst(600, 280, 60, '#3aa39a', 12)}${burst(330, 310, 50, '#9486e6', 10)}`, '#27305e');
  },
  'anniversary-plant': () =>
    frame(
      '#eef5e9',
      `${sparkle(250, 120, 16, '#f2b63d')}${sparkle(560, 100, 20, '#f2b63d')}${sparkle(590, 240, 12, '#3aa39a')}
<path d="M400 300 C 400 240 402 190 400 120" stroke="#3f7d4a" stroke-width="8" fill="none" stroke-linecap="round"/>
<path d="M400 200 C 340 200 300 160 300 120 C 350 120 396 150 400 200 Z" fill="#5fa36a"/>
<path d="M402 170 C 460 170 500 130 505 90 C 450 92 406 120 402 170 Z" fill="#77b984"/>
<path d="M400 124 C 380 100 382 70 400 52 C 418 70 420 100 400 124 Z" fill="#8fce9b"/>
<path d="M320 290 L480 290 L460 370 L340 370 Z" fill="#c2562f"/><rect x="308" y="278" width="184" height="26" rx="8" fill="#d9744e"/>`,
      '#dcebd3',
    ),
  'custom-stars': () =>
    frame(
      '#1f2b5c',
      `${confetti(53, 60, ['#ffffff', '#fde68a'])}${star(400, 200, 90, 38, '#f2b63d')}${star(230, 130, 40, 17, '#fcd34d')}${star(580, 120, 34, 14, '#fcd34d')}${star(600, 300, 46, 19, '#f2b63d')}${star(210, 300, 30, 13, '#fde68a')}${sparkle(330, 90, 14, '#ffffff')}${sparkle(500, 320, 12, '#ffffff')}`,
      '#34437f',
    ),
  'custom-bunting': () => {
    const flags = Array.from({ length: 9 }, (_, i) => {
      const x = 60 + i * 85;
      const y = 90 + Math.sin((i / 8) * Math.PI) * 60;
      return `<path d="M${x} ${y} L${x + 70} ${y + 4} L${x + 35} ${y + 90} Z" fill="${PARTY[i % PARTY.length]}"/>`;
    }).join('');
    const rope = `<path d="M40 88 Q 400 ${90 + 130} 760 88" stroke="${INK}" stroke-width="3" fill="none"/>`;
    const flags2 = Array.from({ length: 8 }, (_, i) => {
      const x = 100 + i * 80;
      const y = 250 + Math.sin((i / 7) * Math.PI) * 40;
      return `<path d="M${x} ${y} L${x + 60} ${y + 3} L${x + 30} ${y + 70} Z" fill="${PARTY[(i + 2) % PARTY.length]}" opacity="0.85"/>`;
    }).join('');
    return frame('#fff8ec', `${rope}${flags}<path d="M80 248 Q 400 ${250 + 85} 720 248" stroke="${INK}" stroke-width="2.5" fill="none" opacity="0.7"/>${flags2}`, '#fdebd0');
  },
  'custom-sunrise': () =>
    frame(
      '#ffd9a8',
      `${Array.from({ length: 12 }, (_, i) => {
        const a = Math.PI + (Math.PI * (i + 0.5)) / 12;
        return `<line x1="${(400 + Math.cos(a) * 120).toFixed(1)}" y1="${(300 + Math.sin(a) * 120).toFixed(1)}" x2="${(400 + Math.cos(a) * 190).toFixed(1)}" y2="${(300 + Math.sin(a) * 190).toFixed(1)}" stroke="#f59e0b" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`;
      }).join('')}
<circle cx="400" cy="300" r="100" fill="#f59e0b"/><circle cx="400" cy="300" r="80" fill="#fbbf24"/>
<path d="M0 330 Q 200 260 400 320 T 800 300 L800 400 L0 400 Z" fill="#6b9e6e"/>
<path d="M0 360 Q 250 310 500 360 T 800 350 L800 400 L0 400 Z" fill="#4f7f55"/>`,
      '#ffb27a',
    ),
  'custom-popper': () =>
    frame(
      '#f3efff',
      `${confetti(67, 70, PARTY, { x: 330, y: 20, w: 440, h: 260 })}
<path d="M180 360 L300 200 L360 260 Z" fill="#7b6ad8"/><path d="M216 312 L270 240 L290 260 Z" fill="#f2b63d"/><path d="M250 330 L292 276 L314 298 Z" fill="#e85d8a"/>
<ellipse cx="330" cy="230" rx="44" ry="18" fill="#5a4bb8" transform="rotate(45 330 230)"/>
<path d="M340 210 C 420 150 460 190 520 120" stroke="#e8704a" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M350 230 C 450 220 500 260 600 200" stroke="#3aa39a" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M330 200 C 360 120 420 100 450 50" stroke="#f2b63d" stroke-width="6" fill="none" stroke-linecap="round"/>`,
      '#e3dcfb',
    ),
};

const out = join(projectRoot(import.meta.dirname), 'public', 'celebrations');
mkdirSync(out, { recursive: true });
for (const image of CELEBRATION_IMAGES) {
  const draw = DRAWINGS[image.id];
  if (!draw) throw new Error(`no drawing for ${image.id}`);
  await sharp(Buffer.from(draw())).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(join(out, `${image.id}.png`));
  console.log(`public/celebrations/${image.id}.png`);
}
