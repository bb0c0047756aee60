// What a `.pb.js` file may require: the server bundle (vite.hooks.config.ts builds server/index.ts
// into pb_hooks/lib/generated/server.cjs). ESLint refuses any other require in pb_hooks.
declare function require(path: string): typeof import('./index');
