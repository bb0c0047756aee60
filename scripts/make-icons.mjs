// Renders the PWA icons from public/logo.svg with Debian's Chromium (run once; the PNGs are committed).
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';

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
// /favicon.ico, which browsers and crawlers ask for on their own: 32 and 48 px PNGs in one ICO
// (PNG inside ICO is read by every current browser).
const faviconSizes = [32, 48];
const pngs = [];
for (const size of faviconSizes) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;width:${size}px;height:${size}px">` +
      `${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  pngs.push(await page.screenshot({ omitBackground: true }));
}
const header = Buffer.alloc(6 + 16 * pngs.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // icon
header.writeUInt16LE(pngs.length, 4);
let offset = header.length;
pngs.forEach((png, i) => {
  const at = 6 + 16 * i;
  header.writeUInt8(faviconSizes[i], at);
  header.writeUInt8(faviconSizes[i], at + 1);
  header.writeUInt16LE(1, at + 4); // colour planes
  header.writeUInt16LE(32, at + 6); // bits per pixel
  header.writeUInt32LE(png.length, at + 8);
  header.writeUInt32LE(offset, at + 12);
  offset += png.length;
});
writeFileSync('public/favicon.ico', Buffer.concat([header, ...pngs]));
await browser.close();
