import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The key of the app's emotion cache, in the browser and at build time (class names `ch-…`).
 * Not emotion's default 'css': the default cache, made when @emotion/react loads, takes every
 * `style[data-emotion^="css "]` tag of the page and moves it to the end of <head>.
 */
export const EMOTION_KEY = 'ch';

/**
 * The attribute that lists the class names of a prerendered page's style tag. Not emotion's own
 * `data-emotion="ch …"`: emotion adopts such a tag by inserting it again (a remove and an add),
 * and each time the browser recomputes the style of the whole page, on a slow phone's busiest
 * second. The browser's cache reads the names from here instead and leaves the tag alone.
 */
export const PRERENDERED_CLASSES = 'data-ch-classes';

/** The browser's cache: what the page's HTML already styles is not inserted again. */
export function browserEmotionCache(): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY });
  for (const tag of document.querySelectorAll(`style[${PRERENDERED_CLASSES}]`)) {
    for (const name of tag.getAttribute(PRERENDERED_CLASSES)!.split(' '))
      cache.inserted[name] = true;
  }
  return cache;
}
