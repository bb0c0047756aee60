// The API's label PDF (server/api/pdf.ts) drawn into a picture as a printer would, so its barcodes
// can be read by a scanner's decoder (tests/support/barcodes.ts): its filled rectangles and
// even-odd polygons rasterised, its text left out. Only what that writer emits is understood.
import { deflateSync } from 'node:zlib';

/** The page size (points) and its content stream, from the file. */
function pageOf(pdf: string): { width: number; height: number; content: string } {
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
  const stream = /stream\n([\s\S]*?)\nendstream/.exec(pdf);
  if (!box || !stream) throw new Error('not a label PDF');
  return { width: Number(box[1]), height: Number(box[2]), content: stream[1]! };
}

/** A grey-scale PNG of `pixels` (0 black, 255 white), one byte a pixel. */
function png(pixels: Uint8Array, width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    Buffer.from(pixels.subarray(y * width, (y + 1) * width)).copy(raw, y * (width + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The label as a PNG at `scale` pixels a point, with the page's size in points. */
export function labelImage(pdf: string, scale = 3): { png: Buffer; width: number; height: number } {
  const page = pageOf(pdf);
  const width = Math.ceil(page.width * scale);
  const height = Math.ceil(page.height * scale);
  const pixels = new Uint8Array(width * height).fill(255);
  // Points (origin at the bottom left) to pixels (top left).
  const px = (x: number) => x * scale;
  const py = (y: number) => (page.height - y) * scale;
  const fillRow = (y: number, from: number, to: number) => {
    if (y < 0 || y >= height) return;
    for (let x = Math.max(0, Math.round(from)); x < Math.min(width, Math.round(to)); x++) {
      pixels[y * width + x] = 0;
    }
  };
  for (const line of page.content.split('\n')) {
    const t = line.trim().split(/\s+/);
    if (t.at(-2) === 're' && t.at(-1) === 'f') {
      const [x, y, w, h] = t.slice(0, 4).map(Number) as [number, number, number, number];
      for (let row = Math.round(py(y + h)); row < Math.round(py(y)); row++) {
        fillRow(row, px(x), px(x + w));
      }
    } else if (t.at(-1) === 'f*') {
      // Polygons: 'x y m x y l … h', filled together by the even-odd rule, row by row.
      const polygons: [number, number][][] = [];
      for (let i = 0; i < t.length; i++) {
        if (t[i + 2] === 'm') polygons.push([[px(Number(t[i])), py(Number(t[i + 1]))]]);
        if (t[i + 2] === 'l') polygons.at(-1)!.push([px(Number(t[i])), py(Number(t[i + 1]))]);
      }
      const ys = polygons.flat().map(([, y]) => y);
      for (let row = Math.floor(Math.min(...ys)); row < Math.ceil(Math.max(...ys)); row++) {
        const centre = row + 0.5;
        const crossings: number[] = [];
        for (const points of polygons) {
          for (let i = 0; i < points.length; i++) {
            const [x0, y0] = points[i]!;
            const [x1, y1] = points[(i + 1) % points.length]!;
            if (y0 > centre !== y1 > centre) {
              crossings.push(x0 + ((centre - y0) / (y1 - y0)) * (x1 - x0));
            }
          }
        }
        crossings.sort((a, b) => a - b);
        for (let i = 0; i + 1 < crossings.length; i += 2) {
          fillRow(row, crossings[i]!, crossings[i + 1]!);
        }
      }
    }
  }
  return { png: png(pixels, width, height), width: page.width, height: page.height };
}
