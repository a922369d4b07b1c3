/** An item that names its fund: by relation, or as text for funds that are not records (older assets and items). */
export interface FundNamed {
  fund?: { name?: string | null } | null;
  fundAsString?: string | null;
}

/** How a query populates what fundName needs. */
export const FUND_NAME_POPULATE = { fund: { select: ['name'] } };

/** The item with `fundName` (the related fund's name, else fundAsString, else null) in place of both sources. */
export function withFundName<T extends FundNamed>({
  fund,
  fundAsString,
  ...item
}: T): Omit<T, keyof FundNamed> & { fundName: string | null } {
  return { ...item, fundName: fund?.name || fundAsString || null };
}
