import { type RefObject, useLayoutEffect } from 'react';

/**
 * The largest whole size from `min` to `max` for which `fits(size)` holds, or `min` when none does. `fits`
 * must hold below any size it holds for (text only grows with its font), which lets a binary search find
 * the size in about seven tries instead of stepping down up to a hundred times.
 */
export function largestFittingSize(fits: (size: number) => boolean, min: number, max: number): number {
  if (fits(max)) return max;
  let best = min;
  let low = min;
  let high = max - 1;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) {
      best = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best;
}

/** The smallest font size tried; below it text is unreadable anyway. */
const MIN_FONT_SIZE_PX = 1;

/**
 * Gives the element behind `ref` the largest font size, up to `maxSizePx`, at which its text is no taller
 * than `maxHeightPx`, and fits it again whenever the window is resized (its width, so its line breaks, change).
 */
export function useFittedFontSize(ref: RefObject<HTMLElement>, maxSizePx: number, maxHeightPx: number): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured on the element itself, before paint, so the user never sees a size that does not fit.
    const fits = (size: number) => {
      element.style.fontSize = `${size}px`;
      return element.scrollHeight <= maxHeightPx;
    };
    const fit = () => {
      element.style.fontSize = `${largestFittingSize(fits, MIN_FONT_SIZE_PX, maxSizePx)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref, maxSizePx, maxHeightPx]);
}
