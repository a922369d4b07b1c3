/** A period a statement may cover: a quarter or a calendar year, up to today. */
export interface StatementPeriod {
  label: string;
  from: string;
  to: string;
}

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/**
 * The quarters and years from the first year with a transaction to today, newest first; the one that is running
 * ends today (a statement covers only what has happened).
 */
export function statementPeriods(firstYear: number, today: string): StatementPeriod[] {
  const thisYear = Number(today.slice(0, 4));
  const periods: StatementPeriod[] = [];
  for (let year = thisYear; year >= Math.min(firstYear, thisYear); year -= 1) {
    for (let quarter = 4; quarter >= 1; quarter -= 1) {
      const from = iso(year, (quarter - 1) * 3, 1);
      if (from > today) continue;
      const end = iso(year, quarter * 3, 0);
      periods.push({ label: `Q${quarter} ${year}`, from, to: end > today ? today : end });
    }
    const end = iso(year, 11, 31);
    periods.push({ label: `Year ${year}`, from: iso(year, 0, 1), to: end > today ? today : end });
  }
  return periods;
}
