// The seed's pictures, drawn here as SVG and rendered to WebP with sharp: nothing is downloaded,
// and every picture is ours. Flat illustrations: the six categories, provider portraits,
// banners and offer cards. Rendering runs in parallel and takes well under a second.
import sharp from 'sharp';
import type { Storage } from '../platform/storage.js';

export const categoryKeys = ['beauty', 'cleaning', 'plumbing', 'carpentry', 'appliance', 'painting'] as const;
export type CategoryKey = (typeof categoryKeys)[number];

const W = 640;
const H = 480;

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** A four-pointed sparkle centred on (x, y). */
const sparkle = (x: number, y: number, r: number, fill: string) =>
  `<path d="M${x},${y - r} Q${x + r * 0.18},${y - r * 0.18} ${x + r},${y} Q${x + r * 0.18},${y + r * 0.18} ${x},${y + r} Q${x - r * 0.18},${y + r * 0.18} ${x - r},${y} Q${x - r * 0.18},${y - r * 0.18} ${x},${y - r} Z" fill="${fill}"/>`;

const backdrop = (bg: string, blob: string) =>
  `<rect width="${W}" height="${H}" fill="${bg}"/>` +
  `<circle cx="320" cy="240" r="190" fill="${blob}"/>` +
  `<ellipse cx="320" cy="425" rx="230" ry="18" fill="#000" opacity="0.08"/>`;

// ---------------------------------------------------------------- categories

/** The scene of each category in a 640x480 frame, without its backdrop. */
const scenes: Record<CategoryKey, string> = {
  // Hand mirror and comb.
  beauty: [
    `<g transform="rotate(-14 250 250)">`,
    `<rect x="232" y="300" width="36" height="128" rx="16" fill="#C98526"/>`,
    `<rect x="240" y="300" width="10" height="120" rx="5" fill="#E8A33D"/>`,
    `<ellipse cx="250" cy="200" rx="100" ry="120" fill="#E8A33D"/>`,
    `<ellipse cx="250" cy="200" rx="80" ry="100" fill="#BFE3F2"/>`,
    `<path d="M195,170 L255,110 L285,125 L205,205 Z" fill="#FFFFFF" opacity="0.75"/>`,
    `<path d="M215,235 L290,160 L300,175 L225,250 Z" fill="#FFFFFF" opacity="0.5"/>`,
    `</g>`,
    `<g transform="rotate(24 460 280)">`,
    `<rect x="360" y="250" width="200" height="40" rx="14" fill="#7A4FD0"/>`,
    ...Array.from(
      { length: 15 },
      (_, i) => `<rect x="${368 + i * 12.4}" y="282" width="6" height="${i % 2 ? 62 : 70}" rx="3" fill="#7A4FD0"/>`,
    ),
    `<rect x="372" y="258" width="176" height="8" rx="4" fill="#9B7BE0"/>`,
    `</g>`,
    sparkle(420, 130, 26, '#FFFFFF'),
    sparkle(470, 180, 14, '#E8A33D'),
    sparkle(140, 330, 16, '#FFFFFF'),
  ].join(''),

  // Bucket with suds, spray bottle and bubbles.
  cleaning: [
    `<path d="M170,230 Q260,110 350,230" fill="none" stroke="#4F5B66" stroke-width="8" stroke-linecap="round"/>`,
    `<circle cx="205" cy="222" r="26" fill="#FFFFFF"/><circle cx="245" cy="210" r="32" fill="#FFFFFF"/>`,
    `<circle cx="290" cy="215" r="28" fill="#FFFFFF"/><circle cx="325" cy="224" r="22" fill="#FFFFFF"/>`,
    `<path d="M160,228 L360,228 L338,410 L182,410 Z" fill="#2F80ED"/>`,
    `<rect x="152" y="222" width="216" height="22" rx="10" fill="#1C63C7"/>`,
    `<path d="M196,270 L206,380" stroke="#5B9CF2" stroke-width="10" stroke-linecap="round"/>`,
    // spray bottle
    `<path d="M440,190 L480,190 L484,222 L436,222 Z" fill="#E0E0E0"/>`,
    `<path d="M414,230 Q414,218 430,218 L490,218 Q506,218 506,230 L512,398 Q512,412 498,412 L422,412 Q408,412 408,398 Z" fill="#27AE60"/>`,
    `<rect x="424" y="285" width="72" height="74" rx="8" fill="#E9F7EF"/>`,
    `<path d="M440,305 h40 M440,322 h40 M440,339 h26" stroke="#27AE60" stroke-width="7" stroke-linecap="round"/>`,
    `<path d="M400,150 L488,150 Q500,150 500,162 L500,192 L420,192 L420,176 L400,172 Z" fill="#F2994A"/>`,
    `<path d="M444,192 L436,246 Q434,254 426,250 L422,246 L430,192 Z" fill="#D9822B"/>`,
    `<circle cx="378" cy="150" r="6" fill="#FFFFFF"/><circle cx="362" cy="168" r="8" fill="#FFFFFF"/>`,
    `<circle cx="366" cy="136" r="5" fill="#FFFFFF"/><circle cx="345" cy="150" r="5" fill="#FFFFFF" opacity="0.8"/>`,
    `<circle cx="150" cy="140" r="18" fill="none" stroke="#FFFFFF" stroke-width="5"/>`,
    `<circle cx="118" cy="190" r="10" fill="none" stroke="#FFFFFF" stroke-width="4"/>`,
    `<circle cx="545" cy="120" r="14" fill="none" stroke="#FFFFFF" stroke-width="4"/>`,
    sparkle(540, 300, 18, '#FFFFFF'),
  ].join(''),

  // Elbow pipe with a drip, and a wrench.
  plumbing: [
    `<path d="M90,180 L290,180 Q330,180 330,220 L330,420" fill="none" stroke="#8A96A3" stroke-width="56" stroke-linejoin="round"/>`,
    `<path d="M90,166 L284,166 Q344,166 344,226 L344,420" fill="none" stroke="#B5C0CA" stroke-width="10"/>`,
    `<rect x="150" y="142" width="34" height="76" rx="6" fill="#6B7885"/>`,
    `<rect x="292" y="300" width="76" height="34" rx="6" fill="#6B7885"/>`,
    `<path d="M110,210 Q96,236 110,250 Q124,236 110,210 Z" fill="#2D9CDB"/>`,
    `<path d="M110,262 Q100,282 110,292 Q120,282 110,262 Z" fill="#2D9CDB" opacity="0.7"/>`,
    `<defs><mask id="jaw"><rect x="-60" y="-60" width="120" height="120" fill="#FFFFFF"/><rect x="2" y="-17" width="60" height="34" fill="#000000"/></mask></defs>`,
    `<g transform="translate(250 262) rotate(-45)">`,
    `<rect x="-230" y="-17" width="200" height="34" rx="17" fill="#B0BEC5"/>`,
    `<rect x="-250" y="-19" width="120" height="38" rx="19" fill="#E04F5F"/>`,
    `<rect x="-120" y="-5" width="80" height="8" rx="4" fill="#D6DEE3"/>`,
    `<circle r="46" fill="#B0BEC5" mask="url(#jaw)"/>`,
    `</g>`,
    sparkle(520, 120, 20, '#FFFFFF'),
    sparkle(470, 360, 14, '#FFFFFF'),
  ].join(''),

  // Hand saw over a wooden plank.
  carpentry: [
    `<g transform="rotate(-6 320 350)">`,
    `<rect x="80" y="318" width="480" height="72" rx="6" fill="#C68642"/>`,
    `<rect x="80" y="318" width="480" height="14" rx="6" fill="#D99A5B"/>`,
    `<path d="M110,352 Q200,342 290,356 T470,350" fill="none" stroke="#A86B32" stroke-width="4" stroke-linecap="round"/>`,
    `<path d="M150,372 Q260,364 360,374 T540,368" fill="none" stroke="#A86B32" stroke-width="4" stroke-linecap="round"/>`,
    `<ellipse cx="400" cy="352" rx="16" ry="8" fill="none" stroke="#A86B32" stroke-width="4"/>`,
    `</g>`,
    `<g transform="rotate(-14 360 200)">`,
    `<path d="M250,140 L560,170 L560,204 ${Array.from({ length: 22 }, (_, i) => {
      const x = 560 - i * 14;
      const y = 204 + i * 3.2;
      return `L${x - 7},${y + 12} L${x - 14},${y + 3.2}`;
    }).join(' ')} L250,278 Z" fill="#CFD8DC"/>`,
    `<path d="M262,152 L548,178 L548,188 L262,168 Z" fill="#ECEFF1"/>`,
    `<path d="M150,120 L270,120 Q290,120 290,140 L290,290 Q290,310 270,310 L190,310 Q150,310 150,270 Z M180,160 L180,260 Q180,275 195,275 L245,275 Q258,275 258,262 L258,160 Q258,150 248,150 L190,150 Q180,150 180,160 Z" fill="#E2703A" fill-rule="evenodd"/>`,
    `<circle cx="274" cy="200" r="6" fill="#B5532A"/><circle cx="274" cy="240" r="6" fill="#B5532A"/>`,
    `</g>`,
    `<circle cx="470" cy="300" r="5" fill="#D99A5B"/><circle cx="492" cy="292" r="4" fill="#D99A5B"/>`,
    `<circle cx="455" cy="290" r="3" fill="#D99A5B"/><circle cx="505" cy="304" r="3" fill="#D99A5B"/>`,
    sparkle(520, 90, 18, '#FFFFFF'),
  ].join(''),

  // Washing machine, a gear and a screwdriver.
  appliance: [
    `<defs><clipPath id="drum"><circle cx="320" cy="290" r="74"/></clipPath></defs>`,
    `<rect x="196" y="100" width="248" height="312" rx="22" fill="#FFFFFF"/>`,
    `<rect x="196" y="100" width="248" height="62" rx="22" fill="#EDEBFA"/>`,
    `<rect x="196" y="140" width="248" height="22" fill="#EDEBFA"/>`,
    `<rect x="218" y="120" width="70" height="24" rx="6" fill="#6FCF97"/>`,
    `<circle cx="368" cy="131" r="13" fill="#8E7CC3"/><circle cx="408" cy="131" r="13" fill="#C9C3E8"/>`,
    `<circle cx="320" cy="290" r="98" fill="#B8C2CC"/>`,
    `<circle cx="320" cy="290" r="82" fill="#E9EEF2"/>`,
    `<circle cx="320" cy="290" r="74" fill="#5DADE2"/>`,
    `<path clip-path="url(#drum)" d="M240,290 Q270,270 300,290 T360,290 T420,290 L420,380 L240,380 Z" fill="#3498DB"/>`,
    `<path d="M268,250 A60,60 0 0 1 310,228" fill="none" stroke="#FFFFFF" stroke-width="8" stroke-linecap="round" opacity="0.85"/>`,
    `<rect x="216" y="410" width="30" height="12" rx="4" fill="#8E7CC3"/><rect x="394" y="410" width="30" height="12" rx="4" fill="#8E7CC3"/>`,
    // gear
    `<g transform="translate(120 150)">`,
    ...Array.from(
      { length: 8 },
      (_, i) => `<rect x="-11" y="-52" width="22" height="26" rx="4" fill="#8E7CC3" transform="rotate(${i * 45})"/>`,
    ),
    `<circle r="36" fill="#8E7CC3"/><circle r="14" fill="#E4E0F7"/>`,
    `</g>`,
    // screwdriver
    `<g transform="rotate(40 520 300)">`,
    `<rect x="505" y="180" width="30" height="86" rx="12" fill="#F2C94C"/>`,
    `<rect x="513" y="190" width="6" height="66" rx="3" fill="#F7DC7F"/>`,
    `<rect x="514" y="266" width="12" height="110" fill="#90A4AE"/>`,
    `<path d="M514,376 L526,376 L523,392 L517,392 Z" fill="#78909C"/>`,
    `</g>`,
    sparkle(140, 330, 16, '#FFFFFF'),
  ].join(''),

  // Paint roller with a fresh stripe, and a paint can.
  painting: [
    `<path d="M50,100 L200,100 L200,214 L176,214 Q170,244 164,214 L128,214 Q120,262 112,214 L86,214 Q80,236 74,214 L50,214 Z" fill="#F4A09C"/>`,
    `<rect x="180" y="110" width="220" height="96" rx="20" fill="#E5534B"/>`,
    `<rect x="180" y="122" width="220" height="18" rx="9" fill="#F28B82"/>`,
    `<path d="M214,158 h40 M280,178 h50 M230,190 h24" stroke="#C9413A" stroke-width="6" stroke-linecap="round"/>`,
    `<rect x="392" y="140" width="16" height="36" rx="6" fill="#4F4F4F"/>`,
    `<path d="M408,158 L460,158 L460,246 L300,246 L300,290" fill="none" stroke="#4F4F4F" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>`,
    `<rect x="282" y="286" width="36" height="132" rx="16" fill="#F2994A"/>`,
    `<rect x="290" y="296" width="8" height="112" rx="4" fill="#F6B57A"/>`,
    // paint can
    `<path d="M430,300 L560,300 L560,410 Q560,420 550,420 L440,420 Q430,420 430,410 Z" fill="#56CCF2"/>`,
    `<ellipse cx="495" cy="300" rx="65" ry="16" fill="#2D9CDB"/>`,
    `<ellipse cx="495" cy="300" rx="52" ry="10" fill="#E5534B"/>`,
    `<path d="M446,304 L446,340 Q452,350 458,340 L458,306 Z" fill="#E5534B"/>`,
    `<rect x="452" y="355" width="86" height="40" rx="6" fill="#FFFFFF" opacity="0.85"/>`,
    `<path d="M430,300 Q495,230 560,300" fill="none" stroke="#4F4F4F" stroke-width="5"/>`,
    sparkle(540, 110, 20, '#FFFFFF'),
    sparkle(110, 320, 14, '#FFFFFF'),
  ].join(''),
};

const palettes: Record<CategoryKey, { bg: string; blob: string }> = {
  beauty: { bg: '#F8D7E3', blob: '#FCE9F0' },
  cleaning: { bg: '#CFEAF7', blob: '#E4F4FB' },
  plumbing: { bg: '#D5EFE4', blob: '#E8F7F0' },
  carpentry: { bg: '#F6E2C4', blob: '#FBF0DE' },
  appliance: { bg: '#E4E0F7', blob: '#F1EFFB' },
  painting: { bg: '#FFF0BF', blob: '#FFF8DD' },
};

export const categorySvg = (key: CategoryKey) =>
  svg(W, H, backdrop(palettes[key].bg, palettes[key].blob) + scenes[key]);

/** A discount badge (a starburst with a drawn percent sign) over the category scene. */
export function offerSvg(key: CategoryKey) {
  const points = Array.from({ length: 32 }, (_, i) => {
    const r = i % 2 ? 62 : 78;
    const a = (Math.PI * 2 * i) / 32;
    return `${(530 + r * Math.cos(a)).toFixed(1)},${(100 + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  const badge =
    `<polygon points="${points}" fill="#E63946"/>` +
    `<circle cx="510" cy="80" r="13" fill="none" stroke="#FFFFFF" stroke-width="9"/>` +
    `<circle cx="550" cy="120" r="13" fill="none" stroke="#FFFFFF" stroke-width="9"/>` +
    `<path d="M555,68 L505,132" stroke="#FFFFFF" stroke-width="10" stroke-linecap="round"/>`;
  return svg(
    W,
    H,
    backdrop(palettes[key].bg, palettes[key].blob) +
      `<g transform="translate(-30 20) scale(0.92)">${scenes[key]}</g>` +
      badge,
  );
}

// ---------------------------------------------------------------- portraits

const skins = ['#F9D7C0', '#F1C27D', '#E0AC69', '#C68642', '#8D5524', '#5C3A21'] as const;
const hairColours = {
  black: '#1E1A18',
  dark: '#3B2416',
  brown: '#6B4226',
  auburn: '#A0522D',
  blond: '#D9B36C',
  grey: '#9E9E9E',
} as const;

export interface PortraitSpec {
  /** An index into skins. */
  skin: 0 | 1 | 2 | 3 | 4 | 5;
  hair: 'short' | 'side' | 'buzz' | 'long' | 'bun' | 'afro' | 'bob' | 'curls' | 'none' | 'hijab';
  hairColour: keyof typeof hairColours;
  shirt: string;
  bg: string;
  beard?: boolean;
  glasses?: boolean;
}

/**
 * Thirty-four people: the seed gives every provider one of its own, and every customer with a
 * picture another (so no face stands for two members).
 */
export const portraitSpecs: readonly PortraitSpec[] = [
  { skin: 0, hair: 'long', hairColour: 'blond', shirt: '#2F80ED', bg: '#FDE2E4' },
  { skin: 4, hair: 'short', hairColour: 'black', shirt: '#27AE60', bg: '#E2ECE9', beard: true },
  { skin: 5, hair: 'afro', hairColour: 'black', shirt: '#F2994A', bg: '#FFF1E6' },
  { skin: 1, hair: 'side', hairColour: 'brown', shirt: '#9B51E0', bg: '#DFE7FD', glasses: true },
  { skin: 2, hair: 'bun', hairColour: 'black', shirt: '#EB5757', bg: '#F0EFEB' },
  { skin: 3, hair: 'none', hairColour: 'grey', shirt: '#2D9CDB', bg: '#FFF3B0', beard: true },
  { skin: 1, hair: 'bob', hairColour: 'auburn', shirt: '#219653', bg: '#E8E8FF' },
  { skin: 5, hair: 'curls', hairColour: 'black', shirt: '#F2C94C', bg: '#D8F3DC' },
  { skin: 2, hair: 'hijab', hairColour: 'black', shirt: '#6C5CE7', bg: '#FCE1C8' },
  { skin: 2, hair: 'buzz', hairColour: 'black', shirt: '#E76F51', bg: '#D6EAF8', beard: true },
  { skin: 4, hair: 'long', hairColour: 'dark', shirt: '#BB6BD9', bg: '#FFE5EC', glasses: true },
  { skin: 0, hair: 'short', hairColour: 'blond', shirt: '#56CCF2', bg: '#EDE7E3' },
  { skin: 3, hair: 'bob', hairColour: 'dark', shirt: '#2A9D8F', bg: '#FFEDD8' },
  { skin: 1, hair: 'side', hairColour: 'grey', shirt: '#6D7B8A', bg: '#E3F2FD', glasses: true },
  { skin: 5, hair: 'buzz', hairColour: 'black', shirt: '#1B998B', bg: '#FFE8D6' },
  { skin: 4, hair: 'bun', hairColour: 'black', shirt: '#D81159', bg: '#E0F2F1' },
  { skin: 0, hair: 'short', hairColour: 'grey', shirt: '#34495E', bg: '#F6E7CB', beard: true, glasses: true },
  { skin: 1, hair: 'long', hairColour: 'black', shirt: '#E84A5F', bg: '#E3F6F5' },
  { skin: 2, hair: 'curls', hairColour: 'dark', shirt: '#F4A261', bg: '#EDE7F6' },
  { skin: 4, hair: 'short', hairColour: 'black', shirt: '#264653', bg: '#FDF0D5' },
  { skin: 3, hair: 'hijab', hairColour: 'black', shirt: '#2A9D8F', bg: '#FFF4E6' },
  { skin: 2, hair: 'side', hairColour: 'black', shirt: '#C0392B', bg: '#E8F5E9' },
  { skin: 0, hair: 'buzz', hairColour: 'brown', shirt: '#5D6D7E', bg: '#FCF3CF', beard: true },
  { skin: 1, hair: 'bob', hairColour: 'black', shirt: '#8E44AD', bg: '#FDEBD0', glasses: true },
  { skin: 0, hair: 'side', hairColour: 'auburn', shirt: '#16A085', bg: '#EAF2F8' },
  { skin: 2, hair: 'long', hairColour: 'brown', shirt: '#FF6F91', bg: '#E8EAF6' },
  { skin: 1, hair: 'short', hairColour: 'dark', shirt: '#2C3E50', bg: '#FAD7A0', beard: true },
  { skin: 3, hair: 'side', hairColour: 'dark', shirt: '#0077B6', bg: '#FFE5D9' },
  { skin: 0, hair: 'bob', hairColour: 'blond', shirt: '#06D6A0', bg: '#F1E3F3' },
  { skin: 0, hair: 'long', hairColour: 'auburn', shirt: '#118AB2', bg: '#FFF3E0' },
  { skin: 1, hair: 'bun', hairColour: 'brown', shirt: '#EF476F', bg: '#E0F7FA' },
  { skin: 3, hair: 'curls', hairColour: 'dark', shirt: '#FFB703', bg: '#E9EDC9' },
  { skin: 1, hair: 'long', hairColour: 'dark', shirt: '#9D4EDD', bg: '#F8EDEB', glasses: true },
  { skin: 4, hair: 'none', hairColour: 'grey', shirt: '#6A994E', bg: '#FEFAE0', glasses: true },
];

/** Darkens a #rrggbb colour by a factor (0..1). */
function shade(hex: string, factor: number) {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * (1 - factor));
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

export function portraitSvg(spec: PortraitSpec, size = 400) {
  const skin = skins[spec.skin];
  const skinShade = shade(skin, 0.12);
  const hair = hairColours[spec.hairColour];
  const back: string[] = [];
  const front: string[] = [];
  // A cap of hair over the top of the head, from ear to ear.
  const cap = (fill: string, top = 104) =>
    `<path d="M136,196 C126,${top + 10} 180,${top - 8} 206,${top} C250,${top + 4} 276,${top + 30} 264,196 C258,160 238,146 200,146 C164,146 142,160 136,196 Z" fill="${fill}"/>`;
  switch (spec.hair) {
    case 'short':
      front.push(cap(hair));
      break;
    case 'side':
      front.push(cap(hair), `<path d="M150,150 C180,118 240,112 262,150 C230,140 196,146 170,172 Z" fill="${hair}"/>`);
      break;
    case 'buzz':
      front.push(`<g opacity="0.85">${cap(hair, 116)}</g>`);
      break;
    case 'long':
      back.push(`<path d="M124,200 C112,96 288,96 276,200 L290,320 Q200,350 110,320 Z" fill="${hair}"/>`);
      front.push(cap(hair), `<path d="M136,196 C144,128 214,114 246,128 C212,134 174,150 146,200 Z" fill="${hair}"/>`);
      break;
    case 'bob':
      back.push(`<path d="M126,200 C114,100 286,100 274,200 L280,262 Q200,284 120,262 Z" fill="${hair}"/>`);
      front.push(cap(hair), `<path d="M140,176 C170,126 250,120 262,178 C232,156 180,152 140,176 Z" fill="${hair}"/>`);
      break;
    case 'bun':
      back.push(`<circle cx="200" cy="96" r="34" fill="${hair}"/>`);
      front.push(cap(hair));
      break;
    case 'afro':
      back.push(
        ...[
          [200, 120, 84],
          [140, 150, 56],
          [260, 150, 56],
          [132, 210, 44],
          [268, 210, 44],
        ].map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${hair}"/>`),
      );
      break;
    case 'curls':
      front.push(
        ...[
          [150, 160],
          [172, 138],
          [200, 130],
          [228, 138],
          [250, 160],
          [140, 186],
          [260, 186],
        ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="24" fill="${hair}"/>`),
      );
      break;
    case 'hijab':
      back.push(`<path d="M112,210 C104,90 296,90 288,210 L300,330 Q200,360 100,330 Z" fill="${spec.shirt}"/>`);
      front.push(
        `<path d="M128,204 C122,76 278,76 272,204 C262,156 238,144 200,144 C162,144 138,156 128,204 Z" fill="${shade(spec.shirt, 0.15)}"/>`,
      );
      break;
    case 'none':
      break;
  }
  const beard = spec.beard
    ? `<path d="M140,200 C142,262 170,292 200,292 C230,292 258,262 260,200 C250,236 236,246 224,240 C214,236 186,236 176,240 C164,246 150,236 140,200 Z" fill="${hair}"/>`
    : '';
  const glasses = spec.glasses
    ? `<g fill="none" stroke="#2B2B2B" stroke-width="5"><circle cx="176" cy="196" r="20"/><circle cx="224" cy="196" r="20"/><path d="M196,196 L204,196 M156,194 L140,188 M244,194 L260,188"/></g>`
    : '';
  const hijab = spec.hair === 'hijab';
  const body = [
    `<rect width="400" height="400" fill="${spec.bg}"/>`,
    `<circle cx="200" cy="200" r="168" fill="#FFFFFF" opacity="0.35"/>`,
    ...back,
    hijab ? '' : `<rect x="174" y="236" width="52" height="64" rx="12" fill="${skinShade}"/>`,
    `<path d="M62,400 C62,320 120,290 200,290 C280,290 338,320 338,400 Z" fill="${spec.shirt}"/>`,
    hijab ? '' : `<path d="M170,290 L200,326 L230,290 Z" fill="${skinShade}"/>`,
    `<path d="M160,290 L200,326 L240,290" fill="none" stroke="${shade(spec.shirt, 0.2)}" stroke-width="6" stroke-linejoin="round"/>`,
    hijab
      ? ''
      : `<ellipse cx="138" cy="200" rx="13" ry="20" fill="${skinShade}"/><ellipse cx="262" cy="200" rx="13" ry="20" fill="${skinShade}"/>`,
    `<ellipse cx="200" cy="196" rx="64" ry="78" fill="${skin}"/>`,
    ...front,
    beard,
    `<circle cx="176" cy="198" r="6.5" fill="#2B2B2B"/><circle cx="224" cy="198" r="6.5" fill="#2B2B2B"/>`,
    `<circle cx="178.5" cy="195.5" r="2" fill="#FFFFFF"/><circle cx="226.5" cy="195.5" r="2" fill="#FFFFFF"/>`,
    `<path d="M164,178 Q176,170 188,178 M212,178 Q224,170 236,178" fill="none" stroke="${spec.hair === 'none' || spec.hair === 'hijab' ? '#3A2A20' : hair}" stroke-width="5" stroke-linecap="round"/>`,
    `<path d="M200,206 Q194,224 202,228" fill="none" stroke="${shade(skin, 0.25)}" stroke-width="4" stroke-linecap="round"/>`,
    `<path d="M182,244 Q200,258 218,244" fill="none" stroke="${spec.beard ? '#F4F4F4' : '#9C3D3D'}" stroke-width="5" stroke-linecap="round"/>`,
    `<circle cx="162" cy="228" r="10" fill="#E57373" opacity="0.18"/><circle cx="238" cy="228" r="10" fill="#E57373" opacity="0.18"/>`,
    glasses,
  ];
  return svg(size, size, `<g transform="scale(${size / 400})">${body.join('')}</g>`);
}

// ---------------------------------------------------------------- banners

const BW = 1280;
const BH = 545;

/** Three wide hero pictures; the right half carries the drawing, the left half stays calm for text. */
export function bannerSvgs(): string[] {
  const house = [
    `<rect x="780" y="250" width="320" height="230" fill="#F4F1DE"/>`,
    `<path d="M750,262 L940,120 L1130,262 Z" fill="#E07A5F"/>`,
    `<rect x="1040" y="140" width="40" height="90" fill="#81B29A"/>`,
    `<rect x="905" y="360" width="70" height="120" rx="6" fill="#3D405B"/>`,
    `<circle cx="960" cy="424" r="5" fill="#F2CC8F"/>`,
    `<rect x="815" y="300" width="60" height="60" rx="4" fill="#9AD1F5"/><path d="M845,300 V360 M815,330 H875" stroke="#F4F1DE" stroke-width="5"/>`,
    `<rect x="1005" y="300" width="60" height="60" rx="4" fill="#9AD1F5"/><path d="M1035,300 V360 M1005,330 H1065" stroke="#F4F1DE" stroke-width="5"/>`,
    `<rect x="700" y="478" width="520" height="14" rx="7" fill="#81B29A"/>`,
  ].join('');
  // A category scene inside a round badge, clipped to it.
  const sceneAt = (key: CategoryKey, x: number, y: number, scale: number) =>
    `<defs><clipPath id="badge-${key}"><circle cx="320" cy="240" r="200"/></clipPath></defs>` +
    `<g transform="translate(${x} ${y}) scale(${scale})"><circle cx="320" cy="240" r="200" fill="${palettes[key].bg}"/>` +
    `<g clip-path="url(#badge-${key})">${scenes[key]}</g></g>`;
  const skyline = Array.from({ length: 11 }, (_, i) => {
    const x = 660 + i * 54;
    const h = 110 + ((i * 73) % 170);
    const windows = Array.from(
      { length: Math.floor(h / 34) },
      (_, j) =>
        `<rect x="${x + 12}" y="${470 - h + 14 + j * 34}" width="10" height="14" fill="#FFE29A" opacity="${(i + j) % 3 ? 0.9 : 0.35}"/><rect x="${x + 28}" y="${470 - h + 14 + j * 34}" width="10" height="14" fill="#FFE29A" opacity="${(i + j) % 2 ? 0.9 : 0.35}"/>`,
    ).join('');
    return `<rect x="${x}" y="${470 - h}" width="48" height="${h}" fill="${i % 2 ? '#3B3B7A' : '#474791'}"/>${windows}`;
  }).join('');
  const pin = (x: number, y: number, fill: string) =>
    `<path d="M${x},${y} C${x - 40},${y - 50} ${x - 36},${y - 96} ${x},${y - 96} C${x + 36},${y - 96} ${x + 40},${y - 50} ${x},${y} Z" fill="${fill}"/><circle cx="${x}" cy="${y - 62}" r="14" fill="#FFFFFF"/>`;
  const star = (cx: number, cy: number, r: number, fill: string) => {
    const pts = Array.from({ length: 10 }, (_, i) => {
      const rr = i % 2 ? r * 0.45 : r;
      const a = -Math.PI / 2 + (Math.PI * i) / 5;
      return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
    }).join(' ');
    return `<polygon points="${pts}" fill="${fill}"/>`;
  };
  return [
    // Home services on demand: a house with helpers around it.
    svg(
      BW,
      BH,
      [
        `<rect width="${BW}" height="${BH}" fill="#264653"/>`,
        `<circle cx="940" cy="300" r="260" fill="#2A9D8F" opacity="0.35"/>`,
        house,
        sceneAt('cleaning', 600, 60, 0.32),
        sceneAt('plumbing', 1080, 40, 0.3),
        sceneAt('painting', 1110, 300, 0.3),
        sceneAt('beauty', 560, 300, 0.28),
      ].join(''),
    ),
    // Three cities: a skyline with map pins.
    svg(
      BW,
      BH,
      [
        `<rect width="${BW}" height="${BH}" fill="#2B2D63"/>`,
        `<circle cx="1120" cy="110" r="54" fill="#FFE29A"/>`,
        skyline,
        `<rect x="620" y="468" width="660" height="77" fill="#1F2150"/>`,
        pin(760, 250, '#EF476F'),
        pin(950, 190, '#FFD166'),
        pin(1140, 260, '#06D6A0'),
      ].join(''),
    ),
    // Ratings: five stars and a review card.
    svg(
      BW,
      BH,
      [
        `<rect width="${BW}" height="${BH}" fill="#9C4A35"/>`,
        `<circle cx="960" cy="270" r="240" fill="#C9654B" opacity="0.6"/>`,
        `<rect x="730" y="150" width="460" height="250" rx="28" fill="#FFFFFF"/>`,
        `<circle cx="800" cy="220" r="36" fill="#F4A261"/>`,
        `<rect x="856" y="196" width="200" height="18" rx="9" fill="#D9D9D9"/><rect x="856" y="228" width="140" height="14" rx="7" fill="#ECECEC"/>`,
        ...[0, 1, 2, 3, 4].map((i) => star(790 + i * 78, 320, 30, '#F4B400')),
        `<rect x="760" y="366" width="300" height="12" rx="6" fill="#ECECEC"/>`,
        star(700, 120, 22, '#FFD166'),
        star(1200, 450, 18, '#FFD166'),
        sparkle(1180, 110, 22, '#FFFFFF'),
      ].join(''),
    ),
  ];
}

// ---------------------------------------------------------------- rendering

export async function renderWebp(svgText: string, quality = 80): Promise<Buffer> {
  return sharp(Buffer.from(svgText)).webp({ quality }).toBuffer();
}

export interface SeedImages {
  categories: Record<CategoryKey, string>;
  offers: Record<CategoryKey, string>;
  portraits: string[];
  banners: string[];
}

/** Renders every seed picture and stores it under /uploads/seed/. */
export async function createSeedImages(storage: Storage): Promise<SeedImages> {
  const store = async (svgText: string, quality?: number) =>
    storage.put(await renderWebp(svgText, quality), 'webp', 'seed');
  /** One picture per category, stored; its path by category. */
  const byKey = async (render: (key: CategoryKey) => string) =>
    Object.fromEntries(
      await Promise.all(categoryKeys.map(async (key) => [key, await store(render(key))] as const)),
    ) as Record<CategoryKey, string>;
  const [categories, offers, portraits, banners] = await Promise.all([
    byKey(categorySvg),
    byKey(offerSvg),
    Promise.all(portraitSpecs.map((spec) => store(portraitSvg(spec)))),
    Promise.all(bannerSvgs().map((text) => store(text, 75))),
  ]);
  return { categories, offers, portraits, banners };
}
