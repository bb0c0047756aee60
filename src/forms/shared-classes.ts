import { useChakraContext, type SystemStyleObject } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { __unsafe_useEmotionCache as useEmotionCache, css as serialize } from '@emotion/react';

type Made = Record<string, string>;
const made = new WeakMap<EmotionCache, WeakMap<object, Map<string, Made>>>();

/**
 * Classes for plain elements, made from Chakra styles once per emotion cache, Chakra system and
 * `key` instead of once per element: a Chakra component resolves its recipe and serializes its
 * styles for each element it draws, even when a form draws twenty alike (docs/startup.md, 10).
 * `make` gets a function that turns Chakra styles (recipe parts, style props) into a class name,
 * registered and inserted as emotion's styled elements do (already there on a prerendered page:
 * src/app/emotion.ts), named after the styles' hash.
 */
export function useSharedClasses<T extends Made>(
  key: string,
  make: (named: (...styles: SystemStyleObject[]) => string) => T,
): T {
  // Always there: the app and the prerender each provide their cache (src/app/app.tsx).
  const cache = useEmotionCache()!;
  const system = useChakraContext();
  let bySystem = made.get(cache);
  if (!bySystem) made.set(cache, (bySystem = new WeakMap()));
  let byKey = bySystem.get(system);
  if (!byKey) bySystem.set(system, (byKey = new Map()));
  let classes = byKey.get(key);
  if (!classes) {
    classes = make((...styles) => {
      const serialized = serialize(system.css(...styles) as Parameters<typeof serialize>[0]);
      const className = `${cache.key}-${serialized.name}`;
      cache.registered[className] ??= serialized.styles;
      if (cache.inserted[serialized.name] === undefined) {
        cache.insert(`.${className}`, serialized, cache.sheet, true);
      }
      return className;
    });
    byKey.set(key, classes);
  }
  return classes as T;
}
