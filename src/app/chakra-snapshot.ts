/**
 * Chakra's token dictionary, computed once by the build and adopted by the browser as it is:
 * the patch to Chakra's code that makes this possible, and the guard that keeps it honest, in one
 * file (docs/startup.md, section 4). The patch is a Vite plugin (vite.config.ts, vite.prerender.ts);
 * the guard runs when the pages are written (src/entry-prerender.tsx). tests/build/chakra-snapshot
 * .test.ts checks both.
 */
import type { SystemContext } from '@chakra-ui/react';
import type { Plugin } from 'vite';

/** The name of the pages' <meta> that says where the build wrote the snapshot (in /assets/). */
export const TOKEN_SNAPSHOT_ID = 'chakra-tokens';
/** Where a snapshot is offered to the patched dictionary while a system is being made. */
export const OFFERED_TOKENS = 'app.chakraTokens';

const SYSTEM = '/@chakra-ui/react/dist/esm/styled-system/system.js';
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';
const CREATE = 'function createSystem(...configs) {\n';
/**
 * Where createSystem may pause: after merging the configs, after the token dictionary, after the
 * breakpoints and conditions, after the style utilities, before the token map. Each step but the
 * merge (see MERGE) was 15-30 ms of one task at 4x CPU; together, over 100 ms.
 */
const MERGE_CALL = '  const config = mergeConfigs(...configs);\n';
const STEPS = [
  [MERGE_CALL, 'after'],
  ['  const breakpoints = createBreakpoints(', 'before'],
  ['  const utility = createUtility({', 'before'],
  ['  const properties = /* @__PURE__ */ new Set(', 'before'],
  ['  const tokenMap = getTokenMap(tokens);', 'before'],
] as const;

/**
 * Merging the configs, the first step, was itself one of a page's longest tasks (46-98 ms at 4x
 * CPU in traces of /cotacao): each config is deep-cloned, then all are merged, then the tokens walked. It pauses after
 * each clone and after the merge too: createSystem's steps run mergeConfigs' own steps.
 */
const MERGE = '/@chakra-ui/react/dist/esm/styled-system/merge-config.js';
const MERGE_START =
  'const mergeConfigs = (...configs) => {\n  const merged = mergeWith({}, ...configs.map(clone));\n';
const MERGE_EXPORT = 'export { mergeConfigs };';
const MERGE_IMPORT = "import { mergeConfigs } from './merge-config.js';";

/**
 * Two changes to Chakra's createSystem (and, for the second, its mergeConfigs), for the browser's
 * build:
 * - It writes the page's global CSS (reset, every token as a CSS variable) as soon as the system
 *   is made: a third of its time, on a phone's busiest second. A prerendered page already has that
 *   CSS (src/app/theme.ts adoptingSystem), so it is written only if asked for (a page without
 *   prerendered HTML).
 * - It is one long task. The same code becomes a generator that pauses between its steps, offered
 *   as `createSystem.steps`, so src/main.tsx can let the phone answer a tap between them;
 *   `createSystem` itself runs the steps at once, as before. mergeConfigs, its first step, gets
 *   steps of its own the same way (mergeInSteps).
 * Fails the build if Chakra changes the code this relies on, rather than silently doing nothing.
 */
export function chakraSystemPatch(): Plugin {
  return {
    name: 'chakra-system-patch',
    apply: 'build',
    transform(code, id) {
      if (id.replaceAll('\\', '/').endsWith(TOKENS)) {
        return tokenSnapshots(code, (message) => this.error(message));
      }
      if (id.replaceAll('\\', '/').endsWith(MERGE)) return mergeInSteps(code, (m) => this.error(m));
      if (!id.replaceAll('\\', '/').endsWith(SYSTEM)) return null;
      const needed = [EAGER, FIELD, CREATE, MERGE_IMPORT, ...STEPS.map(([line]) => line)];
      if (needed.some((line) => code.split(line).length !== 2)) {
        this.error(`${SYSTEM} changed: update src/app/chakra-snapshot.ts (or remove it)`);
      }
      let patched = code
        .replace(EAGER, 'let _global;')
        .replace(
          FIELD,
          '    get _global() {\n      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n',
        );
      for (const [line, where] of STEPS) {
        patched = patched.replace(
          line,
          where === 'after' ? `${line}  yield;\n` : `  yield;\n${line}`,
        );
      }
      return patched
        .replace(
          MERGE_IMPORT,
          "import { mergeConfigs, mergeConfigsSteps } from './merge-config.js';",
        )
        .replace(MERGE_CALL, '  const config = yield* mergeConfigsSteps(...configs);\n')
        .replace(
          CREATE,
          `function createSystem(...configs) {
${runToEnd('createSystemSteps')}
}
createSystem.steps = createSystemSteps;
function* createSystemSteps(...configs) {
`,
        );
    },
  };
}

/** The body of a function that runs the generator `name` to its end and returns its value. */
const runToEnd = (name: string) => `  const steps = ${name}(...configs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }`;

/** Chakra's mergeConfigs, and the same code as a generator of its steps (see MERGE). */
function mergeInSteps(code: string, fail: (message: string) => never): string {
  if (code.split(MERGE_START).length !== 2 || code.split(MERGE_EXPORT).length !== 2) {
    fail(`${MERGE} changed: update src/app/chakra-snapshot.ts (or remove it)`);
  }
  return code
    .replace(
      MERGE_START,
      `const mergeConfigs = (...configs) => {
${runToEnd('mergeConfigsSteps')}
};
function* mergeConfigsSteps(...configs) {
  const cloned = [];
  for (const config of configs) {
    cloned.push(clone(config));
    yield;
  }
  const merged = mergeWith({}, ...cloned);
  yield;
`,
    )
    .replace(MERGE_EXPORT, 'export { mergeConfigs, mergeConfigsSteps };');
}

/**
 * Chakra's theme re-exports the anatomy (the part names) of every component it has, each made by
 * calls a bundler must assume have side effects: all 45 anatomies with their `.build()` and
 * `.keys()` stayed in the theme chunk for the dozen recipes the app uses, and ran on every page
 * as it went live (half the chunk's evaluation). Marked pure, the unused ones are dropped.
 */
export function chakraPureAnatomies(): Plugin {
  return {
    name: 'chakra-pure-anatomies',
    apply: 'build',
    transform: {
      // Anatomy modules (Zag's, Ark's, Chakra's own) and Chakra's recipes, which call `.keys()`.
      filter: {
        id: /node_modules[\\/](@zag-js|@ark-ui|@chakra-ui)[\\/](.*[\\/.]anatomy\.m?js$|react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/])/,
      },
      handler: (code) => ({
        code: code.replace(
          /(?<![\w.$])(createAnatomy\(|[\w$]+\.(?:build|keys|extendWith)\()/g,
          '/* @__PURE__ */ $1',
        ),
        map: null,
      }),
    },
  };
}

const TOKENS = '/@chakra-ui/react/dist/esm/styled-system/token-dictionary.js';
const BUILD = `  registerTokens();
  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  build();
  return dictionary;
}`;

/**
 * Chakra's token dictionary (every token, its CSS variable, references, palettes) is the largest
 * part of making the system: on a phone some 80 ms of one task, to compute again what the build
 * already computed. The build takes a snapshot of the finished dictionary (`dictionary.snapshot()`,
 * src/app/theme.ts writes it into each prerendered page and checks that a system made from it
 * answers exactly like a fresh one), and a dictionary made while a snapshot is offered under
 * `Symbol.for(OFFERED_TOKENS)` is filled from it: the tokens as built (what follows from a
 * token's path left out), registered again, and Chakra's own views (CSS variables, categories,
 * palettes) made from them, which is cheap; the transforms and references are not run again.
 */
function tokenSnapshots(code: string, fail: (message: string) => never): string {
  if (!code.includes(BUILD))
    fail(`${TOKENS} changed: update src/app/chakra-snapshot.ts (or remove it)`);
  return code.replace(
    BUILD,
    `  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  const offered = globalThis[Symbol.for("${OFFERED_TOKENS}")];
  if (offered) restoreSnapshot(offered);
  else {
    registerTokens();
    build();
  }
  dictionary.snapshot = takeSnapshot;
  return dictionary;
  // A token as the build made it, without what follows from its path: its name, category, prop,
  // original path, condition and CSS variable are written only where they differ from the
  // derived ones (null: the token has no such field).
  function derived(path) {
    return {
      name: formatTokenName(path),
      category: path[0],
      prop: formatTokenName(path.slice(1)),
      cssVar: formatCssVar(path, prefix),
      originalPath: path,
      condition: "base",
    };
  }
  function derivedKeys() {
    return ["category", "prop", "cssVar", "originalPath", "condition"];
  }
  // Function declarations only below: they are hoisted above the return.
  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  function takeSnapshot() {
    return allTokens.map((token) => {
      const { name, value, originalValue, path, extensions, ...rest } = token;
      if (Object.keys(rest).length) throw new Error("token snapshot: unknown field " + Object.keys(rest));
      const d = derived(path);
      const ext = { ...extensions };
      for (const key of derivedKeys()) {
        if (!(key in ext)) ext[key] = null;
        else if (same(ext[key], d[key])) delete ext[key];
      }
      const out = { p: path, v: value, e: ext };
      if (!same(originalValue, value)) out.o = originalValue;
      if (name !== d.name) out.n = name;
      return out;
    });
  }
  function restoreSnapshot(snapshot) {
    for (const { p: path, v: value, o, n, e } of snapshot) {
      const d = derived(path);
      const extensions = { ...e };
      for (const key of derivedKeys()) {
        if (!(key in e)) extensions[key] = d[key];
        else if (e[key] === null) delete extensions[key];
      }
      registerToken({ value, originalValue: o === undefined ? value : o, name: n ?? d.name, path, extensions });
    }
    setupViews();
  }
}`,
  );
}

type Dictionary = SystemContext['tokens'] & { snapshot?: () => unknown };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * For the prerendered pages: the token dictionary as JSON, once a system made from it has been
 * found to answer exactly like the one Chakra built (tokens, CSS variables, global CSS and every
 * recipe's styles), so a change in Chakra can never make pages render differently; the build
 * fails instead. Undefined where Chakra's code is not the patched build (tests, dev server).
 * `snapshot`: one to check instead of the built system's own (the guard's test).
 */
export function verifiedTokenSnapshot(
  makeSystem: (snapshot?: unknown) => SystemContext,
  snapshot?: unknown,
): string | undefined {
  const built = makeSystem();
  const taken = snapshot ?? (built.tokens as Dictionary).snapshot?.();
  if (taken === undefined) return undefined;
  const json = JSON.stringify(taken);
  const restored = makeSystem(JSON.parse(json));
  if (systemAnswers(restored) !== systemAnswers(built)) {
    throw new Error('Chakra token snapshot differs from the built dictionary (chakra-snapshot.ts)');
  }
  return json;
}

/**
 * What a system answers, as one string: its tokens, token maps, CSS variables, global CSS,
 * properties and every recipe's styles. Two systems that render pages alike answer alike.
 */
export const systemAnswers = (s: SystemContext): string =>
  stable([
    s.tokens.allTokens,
    [...s.tokens.tokenMap],
    [...s.tokens.categoryMap].map(([key, map]) => [key, [...map]]),
    [...s.tokens.cssVarMap].map(([key, map]) => [key, [...map]]),
    [...s.tokens.colorPaletteMap].map(([key, map]) => [key, [...map]]),
    [...s.tokens.flatMap],
    s.getTokenCss(),
    s.getGlobalCss(),
    [...s.properties],
    Object.keys(s._config.theme?.recipes ?? {}).map((key) => recipeStyles(s, key, false)),
    Object.keys(s._config.theme?.slotRecipes ?? {}).map((key) => recipeStyles(s, key, true)),
  ]);

/** JSON with every object's keys in order: the same content compares equal. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/** A recipe's styles for its defaults and for each value of each variant, as CSS objects. */
function recipeStyles(s: SystemContext, key: string, slots: boolean) {
  const recipe = slots ? s.getSlotRecipe(key) : s.getRecipe(key);
  const fn = (slots ? s.sva(recipe) : s.cva(recipe)) as unknown as (props: object) => unknown;
  const variants = Object.entries((recipe as { variants?: Record<string, object> }).variants ?? {});
  return [
    fn({}),
    ...variants.flatMap(([name, values]) => Object.keys(values).map((v) => fn({ [name]: v }))),
  ];
}
