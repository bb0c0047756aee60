import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Reads the production build (npm test builds it before Vitest; the global setup builds it if missing).
const dist = join(import.meta.dirname, '../../dist');

function precacheList(): { url: string; revision: string | null }[] {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  // vite-plugin-pwa injects the list as JSON: [{"revision":…,"url":…},…]
  const match = sw.match(/\[\{"revision":[^\]]*\]/);
  if (!match) throw new Error('precache manifest not found in dist/sw.js');
  return JSON.parse(match[0]);
}

describe('the production precache list', () => {
  const entries = precacheList();
  const urls = entries.map((e) => e.url);

  it('holds every route chunk, the shell and the icons', () => {
    const pages = [
      'home-page',
      'services-page',
      'localities-page',
      'privacy-page',
      'quote-page',
      'urgent-page',
      'tracking-lookup-page',
      'client-area', // /acesso-conta and the pickup form's sign-in
      'pickup-request-page',
      'tracking-page',
      'requests-page',
    ];
    for (const page of pages) {
      expect(
        urls.some((u) => new RegExp(`assets/${page}-[\\w-]+\\.js$`).test(u)),
        page,
      ).toBe(true);
    }
    expect(urls).toContain('index.html');
    // Each page's own prerendered HTML, so an offline visit paints before any script runs.
    for (const page of [
      'servicos.html',
      'localidades.html',
      'cotacao.html',
      'entrega-urgente.html',
      'rastrear.html',
      'acesso-conta.html',
      'formulario-solicitacao.html',
      'admin/tracking.html',
      'admin/solicitacoes.html',
      'privacidade.html',
      '404.html',
      'app-shell.html',
    ]) {
      expect(urls).toContain(page);
    }
    expect(urls).toContain('manifest.webmanifest');
    expect(urls).toContain('icons/icon-192.png');
    // Every emitted script is precached: a route opened for the first time offline still loads.
    const scripts = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    for (const file of scripts) expect(urls).toContain(`assets/${file}`);
  });

  it('has nothing from the API', () => {
    expect(urls.filter((u) => u.includes('api/'))).toEqual([]);
  });

  it('lists only files the build really has, and reports the total size', () => {
    const missing = urls.filter((u) => !existsSync(join(dist, u)));
    expect(missing).toEqual([]);
    const total = urls.reduce((sum, u) => sum + statSync(join(dist, u)).size, 0);
    console.log(`precache: ${entries.length} entries, ${(total / 1024).toFixed(1)} KiB`);
  });
});

describe('the service worker script', () => {
  it('is a classic script: nothing in it needs a module (import.meta, import())', () => {
    // Registered as a classic worker; one `import.meta` (Vite's preload helper for a dynamic import
    // in code the worker shares with the pages) made it fail to evaluate, and nothing worked offline.
    const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
    expect(sw).not.toMatch(/\bimport\.meta\b/);
    expect(sw).not.toMatch(/\bimport\(\s*["'`]/);
  });
});
