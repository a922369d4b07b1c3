import { describe, expect, it } from 'vitest';
import { pageDensity } from '../density';

describe('a page canvas density', () => {
  it("is the screen's own for a page a phone shows whole", () => {
    // A letter page 358 CSS pixels wide on a 390-pixel phone at 3x: 1.4 million canvas pixels.
    expect(pageDensity(358, 463, 3)).toBe(3);
  });

  it('stays within eight million canvas pixels however far a page is zoomed', () => {
    // The same page at 300% on that phone would take 13 million pixels at 3x: drawn at a density that fits.
    const width = 358 * 3;
    const height = 463 * 3;
    const density = pageDensity(width, height, 3);
    expect(density).toBeLessThan(3);
    expect(Math.floor(width * density) * Math.floor(height * density)).toBeLessThanOrEqual(8_000_000);
    expect(Math.floor(width * density) * Math.floor(height * density)).toBeGreaterThan(7_900_000);
  });
});
