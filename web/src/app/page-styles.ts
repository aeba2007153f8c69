import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The page's styles, as the server writes them into its head and the browser's emotion cache takes
 * them over.
 *
 * Emotion's own hand-over moves each server-written `<style>` to the end of the head as the cache is
 * made and again as it hydrates them. Every move of a style sheet, even to where it already was, makes
 * the browser recompute the style and layout of the whole page (about 55 ms on a phone for
 * /faq-chat), in the middle of the app's start. So the server marks its tags as already placed
 * (`data-s`, which emotion's first pass skips) and lists the class names the page uses in an attribute
 * of its own, which emotion's second pass does not look for; the browser's cache counts those names
 * as inserted (so no rule is written twice) and leaves every tag where it is.
 */

/** On the `<style>` of the page's classes: the names of the classes in it, space-separated. */
export const CLASS_NAMES_ATTRIBUTE = 'data-le-classes';

const EMOTION_KEY = 'css';

/** The server's cache for one page (compatibility mode keeps the rules in the cache, for the head, instead of a `<style>` before each element). */
export const serverCache = (): EmotionCache => {
  const cache = createCache({ key: EMOTION_KEY });
  cache.compat = true;
  return cache;
};

/**
 * The page's styles for its head: Chakra's globals (its layers' order, reset and tokens), one `<style>`
 * each, then every class the page uses in one `<style>` that names them (CLASS_NAMES_ATTRIBUTE).
 */
export const stylesOf = (cache: EmotionCache, nonce: string | undefined): string => {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  let globals = '';
  const classNames: string[] = [];
  let classRules = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${name}`] === undefined) {
      globals += `<style data-emotion="${cache.key}-global ${name}" data-s=""${nonceAttribute}>${rules}</style>`;
    } else {
      classNames.push(name);
      classRules += rules;
    }
  }
  return `${globals}<style ${CLASS_NAMES_ATTRIBUTE}="${classNames.join(' ')}" data-s=""${nonceAttribute}>${classRules}</style>`;
};

/** The browser's cache: every class the server wrote counted as inserted, no tag moved. */
export const browserCache = (root: ParentNode = document): EmotionCache => {
  const cache = createCache({ key: EMOTION_KEY });
  for (const node of root.querySelectorAll(`style[${CLASS_NAMES_ATTRIBUTE}]`)) {
    for (const name of (node.getAttribute(CLASS_NAMES_ATTRIBUTE) ?? '').split(' ')) if (name) cache.inserted[name] = true;
  }
  return cache;
};
