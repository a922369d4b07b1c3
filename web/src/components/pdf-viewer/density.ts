/**
 * The most pixels one page's canvas holds (a phone's browser refuses, or draws blank, a canvas past about 16 million
 * pixels, and holds only so many in all): past it a page is drawn at a lower density, still sharp at any zoom a screen
 * shows whole.
 */
export const MAX_PAGE_PIXELS = 8_000_000;

/** The canvas's pixels per CSS pixel for a page of `width` x `height` CSS pixels: the screen's density, within the cap. */
export function pageDensity(width: number, height: number, devicePixelRatio: number): number {
  const area = width * height;
  return area > 0 ? Math.min(devicePixelRatio, Math.sqrt(MAX_PAGE_PIXELS / area)) : devicePixelRatio;
}
