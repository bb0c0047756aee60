// A label's two codes as plain shapes, by bwip-js: the bars of a Code 128 and the dark areas of a
// QR code, in the symbol's own units, for the PDF to place. bwip-js calls a drawing object of ours
// instead of drawing an image (its documented custom drawing). The office's labels draw their
// Code 128 with it too, but their QR codes with `qrcode`, ten times faster: they print a hundred at
// once, where this draws one label per request.
// Evaluated only when a label is drawn (vite.on-demand.ts): every JS machine of the server
// would hold the encoders otherwise.
import { code128, qrcode, type DrawingContext } from 'bwip-js/generic';

/** A symbol's size, and its dark parts: bars as [left, right], areas as closed polygons. */
export interface BarcodeShape {
  width: number;
  height: number;
  bars: [number, number][];
  areas: [number, number][][];
}

/** bwip-js's drawing interface, answered with shapes (no text: the label writes the number). */
function shapes() {
  const out: BarcodeShape = { width: 0, height: 0, bars: [], areas: [] };
  return {
    scale: () => null,
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init(width: number, height: number) {
      out.width = width;
      out.height = height;
    },
    // Bars are stroked lines centred on x; an odd width is drawn half a unit to the left, as
    // bwip-js's own SVG drawing does at scale 1.
    line(x0: number, _y0: number, _x1: number, _y1: number, lw: number) {
      const width = Math.round(lw) || 1;
      const centre = width % 2 ? x0 - 0.5 : x0;
      out.bars.push([centre - width / 2, centre + width / 2]);
    },
    polygon(points: [number, number][]) {
      out.areas.push(points.map(([x, y]) => [x, y] as [number, number]));
    },
    hexagon(points: [number, number][]) {
      this.polygon(points);
    },
    ellipse: () => undefined,
    fill: () => undefined,
    text: () => undefined,
    end: () => out,
  };
}

// The object above answers what bwip-js calls; its declared signatures are wider than ours.
type Drawing = DrawingContext<BarcodeShape>;

export function code128Bars(text: string): BarcodeShape {
  return code128({ bcid: 'code128', text, scale: 1, height: 10 }, shapes() as unknown as Drawing);
}

export function qrAreas(text: string): BarcodeShape {
  // Error correction M, BWIPP's default (as the office's labels).
  return qrcode({ bcid: 'qrcode', text, scale: 1 }, shapes() as unknown as Drawing);
}
