// `npm run dev`: the same PocketBase as `npm start`, with Vite's dev server proxying /api to it.
process.argv.push('--dev');
await import('./start.mjs');
