import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { chakraSystemPatch, TOKEN_SNAPSHOT_ID } from './src/app/chakra-snapshot';

interface Renderer {
  render: (path: string) => Promise<{ html: string; head: string; styles: string }>;
  tokenSnapshot: () => string;
  PRERENDERED: readonly string[];
  PAGE_DESCRIPTIONS: Record<string, string>;
  pageFile: (path: string) => string;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * Writes every route as HTML into the build (dist/index.html, dist/servicos.html, …, 404.html),
 * before the service worker's precache list is made, so the worker precaches each page too.
 *
 * Why our own step and not vite-react-ssg or React Router's framework pre-rendering: both want to
 * own the app's entry and routing (ViteReactSSG / framework mode), while the app keeps one route
 * list for the browser's data router. A server build of src/entry-prerender.tsx rendered with
 * react-dom/static (it waits for the lazy route chunks) and @emotion/server (critical CSS) is the
 * whole of it.
 */
export function prerender({
  define,
  plugins = [],
}: {
  define: Record<string, string>;
  /** More plugins for the server build (the bench's floor swaps modules: vite.config.ts). */
  plugins?: Plugin[];
}): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const serverDir = join(root, 'node_modules/.prerender');
      rmSync(serverDir, { recursive: true, force: true });
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        mode: 'production',
        define: { ...define, 'process.env.NODE_ENV': JSON.stringify('production') },
        plugins: [
          react(),
          // The same Chakra as the browser's: the token snapshot is taken from it.
          chakraSystemPatch(),
          {
            // No service worker where pages are built: the update prompt simply never shows.
            name: 'no-service-worker',
            resolveId: (id) => (id === 'virtual:pwa-register/react' ? '\0pwa-register' : null),
            load: (id) =>
              id === '\0pwa-register'
                ? 'export const useRegisterSW = () => ({ needRefresh: [false, () => {}], offlineReady: [false, () => {}], updateServiceWorker: async () => {} });'
                : null,
          },
          ...plugins,
        ],
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-prerender.tsx',
          outDir: serverDir,
          target: 'node20',
          minify: false,
          rollupOptions: { output: { entryFileNames: 'entry.mjs', codeSplitting: false } },
        },
      });
      const renderer = (await import(pathToFileURL(join(serverDir, 'entry.mjs')).href)) as Renderer;
      const hashed = (name: string, code: string, ext = 'js') =>
        `assets/${name}-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.${ext}`;
      // Chakra's token dictionary as the build computed it, for the browser to adopt (src/main.tsx
      // fetches it while the app's modules load): a file of its own, not a data block in each
      // page, so that a page fits in a first round trip (a TCP connection's first ten packets,
      // some 14 KB: 4.4 KB of brotli more made / and /cotacao wait for a second one) and the
      // snapshot is fetched once for every page. JSON, not a module: no script to compile.
      const tokens = renderer.tokenSnapshot();
      const tokensFile = hashed('chakra-tokens', tokens, 'json');
      writeFileSync(join(outDir, tokensFile), tokens);
      const template = readFileSync(join(outDir, 'index.html'), 'utf8').replace(
        '</head>',
        `<meta name="${TOKEN_SNAPSHOT_ID}" content="/${tokensFile}" /></head>`,
      );
      // The page without prerendered content, for anything the worker cannot match to a page.
      writeFileSync(join(outDir, 'app-shell.html'), template);
      // The page paints from its HTML, so its scripts (hydration) start only after that first
      // paint: a tiny loader imports the entry once the browser reports the first contentful
      // paint, instead of the entry and its preloads competing with the page on a slow link.
      // (The next frame was not enough: a frame's paint reaches the screen later, and on a slow
      // host the scripts' requests often started before the paint was shown, which Lighthouse
      // counts as work the first paint waited for: /rastrear's FCP +223 ms over the floor's in
      // one run.) Where paint timing is missing, the next frame, as before.
      const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(
        template,
      );
      if (!entry) throw new Error('prerender: the entry script was not found in index.html');
      // The manifest's link goes in at the same moment. Chrome fetches a manifest as soon as it
      // reads the link, and Lighthouse's simulation counts every request that ended before the
      // largest paint as one that paint needed: that fetch, on a connection of its own, put a
      // round trip (150 ms) into half of the runs' LCP, floor and pages alike. Nothing but the
      // HTML comes before the first paint; installing the app needs the scripts anyway.
      const manifest = /\s*<link rel="manifest" href="([^"]+)"[^>]*>/.exec(template);
      if (!manifest) throw new Error('prerender: the manifest link was not found in index.html');
      const start =
        `()=>{const m=document.createElement('link');m.rel='manifest';m.href=${JSON.stringify(manifest[1])};` +
        `document.head.append(m);setTimeout(()=>import(${JSON.stringify(entry[1])}))}`;
      const loader =
        `const s=${start};` +
        `if(self.PerformanceObserver?.supportedEntryTypes?.includes('paint')){` +
        `const o=new PerformanceObserver(l=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();s()}});` +
        `o.observe({type:'paint',buffered:true})}else requestAnimationFrame(s);`;
      const loaderFile = hashed('boot', loader);
      writeFileSync(join(outDir, loaderFile), loader);
      const pageTemplate = template
        .replace(entry[0], `<script type="module" src="/${loaderFile}"></script>`)
        .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
        .replace(manifest[0], '');
      for (const path of renderer.PRERENDERED) {
        const page = await renderer.render(path);
        const description = renderer.PAGE_DESCRIPTIONS[path] ?? '';
        let html = pageTemplate
          .replace(/<title>[^<]*<\/title>/, page.head)
          .replace('</head>', `${page.styles}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
        if (description) {
          html = html.replace(
            /<meta name="description" content="[^"]*" \/>/,
            `<meta name="description" content="${escapeAttribute(description)}" />`,
          );
        }
        const file = join(outDir, path === '/404' ? '404.html' : renderer.pageFile(path));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, html);
      }
    },
  };
}
