/**
 * The files the build also writes brotli-compressed (vite.config.ts) and the server sends as they
 * are to a browser that takes brotli (server/http/site.ts), with the type each is sent as. Files under
 * 1 KB are left alone: compressing them saves nothing worth a file.
 */
export const PRECOMPRESSED_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

export const PRECOMPRESSED_MIN_BYTES = 1024;

/** The type a file is sent as if the build compresses it, or undefined. */
export function precompressedType(file: string): string | undefined {
  const dot = file.lastIndexOf('.');
  return dot > file.lastIndexOf('/') ? PRECOMPRESSED_TYPES[file.slice(dot)] : undefined;
}

/** Whether an Accept-Encoding header lists brotli ('gzip, deflate, br, zstd') and does not refuse it (q=0). */
export function acceptsBrotli(header: string | null | undefined): boolean {
  const offers = (header ?? '').split(',');
  for (let i = 0; i < offers.length; i++) {
    const parts = offers[i]!.split(';');
    if (parts[0]!.trim().toLowerCase() !== 'br') continue;
    for (let j = 1; j < parts.length; j++) {
      const [name, value] = parts[j]!.split('=');
      if (name!.trim().toLowerCase() === 'q' && Number(value) === 0) return false;
    }
    return true;
  }
  return false;
}
