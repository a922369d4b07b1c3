/** How many years the tax documents page offers (spec 02, section 9): the current year and the 9 before. */
const TAX_YEAR_COUNT = 10;

/** The tax year choices on `today`, newest first. */
export function taxYears(today: Date = new Date()): number[] {
  const current = today.getFullYear();
  return Array.from({ length: TAX_YEAR_COUNT }, (_, back) => current - back);
}
