/**
 * The app's Chakra theme: tokens and the recipes it renders, in a module of its own so that the
 * browser evaluates it in a task apart from Chakra's styled system (src/main.tsx, src/app/theme.ts).
 */
import { defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

// Colour palettes nothing here uses (recipes, alerts and toasts use gray, red, orange, green and
// blue): each palette is some 30 tokens that Chakra turns into CSS variables on every page and
// resolves in its token dictionary, the largest part of making the system on a phone.
const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'purple', 'pink']);
const withoutUnusedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

// The site has one colour scheme: nothing ever sets Chakra's dark mode, yet every
// semantic token carries a `_dark` value that Chakra registers as a second token and writes as a
// second CSS variable on every page (some 75 tokens and 5 KB of each page's inline CSS). Only the
// light value is kept.
type TokenTree = { [key: string]: unknown };
const isObject = (value: unknown): value is TokenTree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
function lightOnly<T>(tree: T): T {
  if (!isObject(tree)) return tree;
  if (
    'value' in tree &&
    isObject(tree.value) &&
    ('_light' in tree.value || '_dark' in tree.value)
  ) {
    const rest = Object.entries(tree.value).filter(([key]) => key !== '_dark' && key !== '_light');
    const { _light } = tree.value;
    const value = rest.length
      ? Object.fromEntries(_light ? [...rest, ['_light', _light]] : rest)
      : _light;
    return { ...tree, value } as T;
  }
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, lightOnly(v)])) as T;
}

// Chakra's tokens with only the recipes this app renders: the full default theme carries some
// sixty component recipes and made the first load of / miss its 170 KB budget (bench/RESULTS.md).
export const themeSlice = defineConfig({
  preflight: true,
  // No cascade layers: Chrome takes each rule added inside an `@layer` (every component drawn for
  // the first time, every slice of a page going live) as a change of the whole cascade, and
  // restyles and lays out every element again. Unlayered, a new rule restyles only what it
  // matches. Precedence then follows specificity and order, as in plain CSS: a component's style
  // props still win over its recipe (Chakra merges both into one class), and the prerendered
  // pages draw pixel for pixel as they did with layers. See docs/startup.md, section 11.
  disableLayers: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: withoutUnusedPalettes(semanticTokens.colors ?? {}),
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

export const brand = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f0fc' },
          100: { value: '#c6d8f6' },
          500: { value: '#1554c0' },
          600: { value: '#0b3d91' },
          700: { value: '#082d6b' },
        },
        accent: { 500: { value: '#ffb703' } },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.100}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Field errors at 12–14 px need 4.5:1 on white (WCAG AA): red.500 gave 3.76:1.
        fg: { error: { value: '{colors.red.700}' } },
      },
    },
  },
});
