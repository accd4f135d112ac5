// Writes the blog illustrations (SVG) and the share images (JPEG, rendered in Chromium) into public/images.
// Run after changing the designs: `npx tsx scripts/generate-images.ts`. The outputs are committed.
import fs from "node:fs";
import { launchBrowser } from "../tools/browser";

const OUT = "public/images";

const MOTIFS: Record<string, { from: string; to: string; accent: string; motif: string }> = {
  mva: {
    from: "#0f2a4a",
    to: "#1d4ed8",
    accent: "#93c5fd",
    // A car, a road and a shield.
    motif: `<rect x="-150" y="40" width="300" height="14" rx="7" fill="#ffffff" opacity="0.25"/>
      <path d="M-110 10 h220 a20 20 0 0 1 20 20 v20 h-260 v-20 a20 20 0 0 1 20 -20z" fill="#ffffff"/>
      <path d="M-70 10 l25 -45 h90 l25 45z" fill="#ffffff" opacity="0.85"/>
      <circle cx="-70" cy="55" r="22" fill="#0f2a4a" stroke="#ffffff" stroke-width="8"/>
      <circle cx="70" cy="55" r="22" fill="#0f2a4a" stroke="#ffffff" stroke-width="8"/>`,
  },
  roundup: {
    from: "#365314",
    to: "#4d7c0f",
    accent: "#d9f99d",
    // Leaves and a spray drop.
    motif: `<path d="M0 70 C -90 40 -100 -60 -10 -90 C 10 -20 40 20 0 70z" fill="#ffffff"/>
      <path d="M0 70 C 90 40 110 -40 40 -80 C 20 -20 -10 20 0 70z" fill="#ffffff" opacity="0.75"/>
      <path d="M0 70 V -60" stroke="#365314" stroke-width="6" stroke-linecap="round"/>
      <circle cx="110" cy="-70" r="14" fill="#d9f99d"/><circle cx="140" cy="-40" r="9" fill="#d9f99d"/>`,
  },
  pfas: {
    from: "#064e3b",
    to: "#047857",
    accent: "#a7f3d0",
    // A water drop with a molecule.
    motif: `<path d="M0 -100 C 50 -30 80 10 80 45 a80 80 0 0 1 -160 0 C -80 10 -50 -30 0 -100z" fill="#ffffff"/>
      <g stroke="#047857" stroke-width="6" fill="#a7f3d0"><line x1="-35" y1="40" x2="0" y2="15"/><line x1="0" y1="15" x2="35" y2="40"/><line x1="0" y1="15" x2="0" y2="-25"/>
      <circle cx="-35" cy="40" r="13"/><circle cx="35" cy="40" r="13"/><circle cx="0" cy="15" r="13"/><circle cx="0" cy="-25" r="13"/></g>`,
  },
};

function svg(width: number, height: number, key: string): string {
  const m = MOTIFS[key]!;
  const scale = Math.min(width / 640, height / 360);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${m.from}"/><stop offset="1" stop-color="${m.to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.35}" fill="${m.accent}" opacity="0.12"/>
  <circle cx="${width * 0.1}" cy="${height * 0.9}" r="${height * 0.3}" fill="${m.accent}" opacity="0.1"/>
  <g transform="translate(${width / 2} ${height / 2}) scale(${scale * 1.1})">${m.motif}</g>
</svg>
`;
}

fs.mkdirSync(`${OUT}/blog`, { recursive: true });
for (const key of Object.keys(MOTIFS)) {
  fs.writeFileSync(`${OUT}/blog/${key}.svg`, svg(640, 360, key));
  fs.writeFileSync(`${OUT}/blog/${key}-hero.svg`, svg(1200, 630, key));
}

// Social networks do not show SVG previews: render the heroes (and a site-wide image) to JPEG.
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
for (const key of Object.keys(MOTIFS)) {
  await page.setContent(`<body style="margin:0">${svg(1200, 630, key)}</body>`);
  await page.screenshot({ path: `${OUT}/blog/${key}-hero.jpg`, type: "jpeg", quality: 85 });
}
await page.setContent(`<body style="margin:0">${svg(1200, 630, "mva")}</body>`);
await page.screenshot({ path: `${OUT}/share.jpg`, type: "jpeg", quality: 85 });
await browser.close();
