/**
 * The variant of a page part made for the portal `slug`, or `fallback` for a portal that has none of its own:
 * portals created later get the fallback until someone designs theirs.
 */
export function portalVariant<T>(variants: Readonly<Record<string, T>>, slug: string, fallback: NoInfer<T>): T {
  // Own keys only, so that a slug such as 'constructor' cannot pick up an inherited property.
  return Object.hasOwn(variants, slug) ? variants[slug] : fallback;
}
