// A fake camera for Chromium: a picture (PNG) turned into a short Y4M video (4:2:0) that Chromium
// plays in a loop as the camera (`--use-file-for-fake-video-capture`). The conversion runs in a
// page's canvas, so no image library is needed.
import { writeFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/lib/setup.mjs';

/** Write `png` as a Y4M file of a few identical frames at `path`. */
export async function writeY4m(page: Page, png: Buffer, path: string): Promise<void> {
  const { width, height, planes } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    // A white margin around the picture, as a label lies on a table; even sides for 4:2:0.
    const w = (image.naturalWidth + 80) & ~1;
    const h = (image.naturalHeight + 80) & ~1;
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, w, h);
    g.drawImage(image, 40, 40);
    const rgba = g.getImageData(0, 0, w, h).data;
    const out = new Uint8Array(w * h * 1.5);
    const u0 = w * h;
    const v0 = u0 + (w * h) / 4;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const [r, gr, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
        out[y * w + x] = Math.round(0.257 * r + 0.504 * gr + 0.098 * b + 16);
        if (y % 2 === 0 && x % 2 === 0) {
          const c = (y / 2) * (w / 2) + x / 2;
          out[u0 + c] = Math.round(-0.148 * r - 0.291 * gr + 0.439 * b + 128);
          out[v0 + c] = Math.round(0.439 * r - 0.368 * gr - 0.071 * b + 128);
        }
      }
    }
    let binary = '';
    for (let i = 0; i < out.length; i += 0x8000) {
      binary += String.fromCharCode(...out.subarray(i, i + 0x8000));
    }
    return { width: w, height: h, planes: btoa(binary) };
  }, png.toString('base64'));
  const frame = Buffer.from(planes, 'base64');
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frames = Array.from({ length: 5 }, () => [Buffer.from('FRAME\n'), frame]).flat();
  writeFileSync(path, Buffer.concat([header, ...frames]));
}

/** Debian's Chromium with a camera that films the given Y4M file, and allows it without asking. */
export function browserWithCamera(y4m: string) {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${y4m}`,
    ],
  });
}
