// Renders the PWA icons from public/logo.svg with Debian's Chromium (run once; the PNGs are committed).
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';

const svg = readFileSync('public/logo.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
const icons = [
  { file: 'public/icons/icon-192.png', size: 192, pad: 0, bg: 'transparent' },
  { file: 'public/icons/icon-512.png', size: 512, pad: 0, bg: 'transparent' },
  { file: 'public/icons/apple-touch-icon.png', size: 180, pad: 0.1, bg: '#0b3d91' },
  // Maskable: the logo inside the 80% safe zone on the brand colour.
  { file: 'public/icons/maskable-512.png', size: 512, pad: 0.14, bg: '#0b3d91' },
];
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const inner = Math.round(icon.size * (1 - 2 * icon.pad));
  await page.setContent(
    `<html><body style="margin:0;background:${icon.bg};display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px">` +
      `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`,
  );
  await page.screenshot({ path: icon.file, omitBackground: icon.bg === 'transparent' });
}
await browser.close();
