import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import company from './pb_hooks/lib/company.json';
import { chakraPureAnatomies, chakraSystemPatch } from './src/app/chakra-snapshot';
import { PRECOMPRESSED_MIN_BYTES, precompressedType } from './src/domain/compression';
import { masksOnDemand } from './vite.on-demand.ts';
import { prerender } from './vite.prerender';

const apiTarget = process.env.VITE_API_PROXY ?? `http://127.0.0.1:${process.env.PORT ?? 8090}`;

const define = {
  // Shown in the footer: tells a person (and the update test) which version is running. The
  // prerendered pages get the same label, so the browser's first render matches them.
  __APP_BUILD__: JSON.stringify(
    process.env.APP_BUILD_LABEL ?? new Date().toISOString().slice(0, 16).replace('T', ' '),
  ),
};

/**
 * Each page, and each file of /assets/ of a kind in PRECOMPRESSED_TYPES, also as `<name>.br` at
 * brotli's highest level: the server sends it to every browser that accepts brotli
 * (server/http/site.ts). Smaller than the gzip the server would otherwise make on every request (a
 * phone on a weak signal waits less: the pages carry their critical CSS, 110-150 KB each), and no
 * compression on the server while a page loads: 1.2-1.4 ms of its CPU per file. Pages are written
 * by the prerender's writeBundle (with the token snapshot it puts in /assets/), so they are
 * compressed when the bundle is closed.
 */
function precompressAssets(): Plugin {
  let dir = 'dist';
  const compress = (file: string) => {
    const raw = readFileSync(file);
    if (raw.length < PRECOMPRESSED_MIN_BYTES) return;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    writeFileSync(`${file}.br`, br);
  };
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      dir = options.dir!;
      for (const name of Object.keys(bundle)) {
        if (name.startsWith('assets/') && precompressedType(name)) compress(join(dir, name));
      }
    },
    closeBundle() {
      // The pages, and what the prerender wrote into assets/ beside them (the token snapshot).
      for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        const written = name.startsWith('assets/') && precompressedType(name);
        if (name.endsWith('.html') || (written && !existsSync(join(dir, `${name}.br`))))
          compress(join(dir, name));
      }
    },
  };
}

/**
 * `npm run bench` judges the pages against a floor of this same stack: a prerendered page with one
 * heading that React hydrates inside our Chakra provider, nothing else (scripts/bench.mjs). It is
 * built by this config with BENCH_FLOOR=1: the same plugins, chunking, prerender, loader and
 * src/main.tsx, with the app, its routes and its page list swapped for src/bench-floor/, into
 * node_modules/.bench-floor. The product's build never contains it.
 */
const benchFloor = process.env.BENCH_FLOOR === '1';

function swapForFloor(): Plugin {
  const swaps = new Map<string, string>();
  return {
    name: 'bench-floor',
    enforce: 'pre',
    configResolved(config) {
      for (const [from, to] of [
        ['src/app/app.tsx', 'src/bench-floor/app.tsx'],
        ['src/app/routes.tsx', 'src/bench-floor/routes.tsx'],
        ['src/config/pages.ts', 'src/bench-floor/pages.ts'],
      ])
        swaps.set(resolve(config.root, from), resolve(config.root, to));
    },
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && swaps.get(resolved.id)) ?? null;
    },
  };
}

export default defineConfig({
  define,
  plugins: [
    react(),
    chakraSystemPatch(),
    chakraPureAnatomies(),
    // The mask library (~58 KB) is fetched with the form's code but evaluated in a task of its
    // own: it was part of the one long task in which a form's page went live. Until it is there
    // (the moment the page goes live), a partial value is shown as typed and the next keystroke
    // formats it; whole values never need it.
    masksOnDemand(
      'let loadedIMask = null;\n' +
        "import('imask').then((m) => { loadedIMask = m.default; }, () => {});\n" +
        'const IMask = { pipe: (value, mask) => (loadedIMask ? loadedIMask.pipe(value, mask) : value) };',
    ),
    ...(benchFloor ? [swapForFloor()] : []),
    precompressAssets(),
    {
      // index.html names the company from the one data file (pb_hooks/lib/company.json).
      name: 'company-identity',
      transformIndexHtml: (html) =>
        html
          .replaceAll('%APP_NAME%', company.appName)
          .replaceAll('%SHORT_NAME%', company.shortName)
          .replaceAll('%DESCRIPTION%', company.description)
          .replaceAll('%THEME_COLOR%', company.themeColor),
    },
    // Every page as HTML, written before the worker's precache list is made (writeBundle).
    prerender({ define, plugins: benchFloor ? [swapForFloor()] : [] }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,json,css,html,svg,png,webmanifest}'],
        // Nothing under /api is a file of ours; precache only what the build emits.
        globIgnores: ['**/node_modules/**'],
      },
      manifest: {
        id: '/',
        name: company.appName,
        short_name: company.shortName,
        description: `${company.description} Também sem conexão.`,
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: company.themeColor,
        background_color: '#ffffff',
        categories: ['business', 'productivity'],
        // Drivers open the installed app straight on their screen (a long press on the icon).
        shortcuts: [
          {
            name: 'Área da equipe: rastreamentos',
            short_name: 'Equipe',
            url: '/admin/tracking',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Área da equipe: solicitações',
            short_name: 'Solicitações',
            url: '/admin/solicitacoes',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
  ],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: apiTarget, ws: false }, '/_': apiTarget },
  },
  build: {
    outDir: benchFloor ? 'node_modules/.bench-floor' : 'dist',
    target: 'es2022',
    // Maps beside the files, never linked from them, when asked (BENCH_SOURCEMAP=1): to read a
    // bench's CPU profile by our functions' names. The shipped build has none.
    sourcemap: process.env.BENCH_SOURCEMAP ? 'hidden' : false,
    // No <link rel="modulepreload"> per dependency of each lazy chunk: a profile of / showed the
    // insertion of those links (some 10-25 per chunk) as a good part of the tasks while the page
    // goes live. The browser still fetches a chunk's own imports as soon as it reads the chunk;
    // prerendered pages paint from HTML, so that extra round trip delays no paint.
    modulePreload: false,
    rolldownOptions: {
      // The domain's modules only declare functions and tables (the rule: no React, no I/O, no
      // effects at load), but the bundler cannot tell a table built by a call from an effect, so
      // every module re-exported by the barrel (src/domain/index.ts) was kept and evaluated on
      // any page that imported one name from it: the quote form evaluated the staff's shipment,
      // tracking and stop rules. Said here, it drops what a page does not use.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]src[\\/]domain[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          // The labels' barcode encoders (bwip-js ~55 KB gz, qrcode) in a chunk of their own: its
          // name changes only when the libraries do, so a phone keeps it across our deployments,
          // and the labels screen's own chunk stays small.
          groups: [{ name: 'barcodes', test: /node_modules[\\/](bwip-js|qrcode|dijkstrajs)[\\/]/ }],
        },
      },
    },
  },
});
