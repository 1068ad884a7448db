/** A link in running text, as on the key facts step: underlined, with the focus ring. */
export const LINK =
  'rounded-sm font-semibold text-link underline underline-offset-2 hover:no-underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus';
