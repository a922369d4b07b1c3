import { isDeclined, isGoingToInvest, isInvesting } from '@portal/rules';
import type { InvestmentView } from '@/lib/investments';

type CardState = Pick<InvestmentView, 'syndUser' | 'isAvailable' | 'fund'>;

/** The investment card's button (spec 01, "Investment card"). */
export function cardButtonLabel({ syndUser, isAvailable }: CardState): string {
  if (isGoingToInvest(syndUser)) return syndUser?.syndAgreementSignedByCurrentUser ? 'Review' : 'Sign Legal Document';
  if (isDeclined(syndUser) && isAvailable) return 'Invest';
  if (isInvesting(syndUser)) return 'Review';
  return 'Review Due Diligence';
}

/** What the card's status line says: the investor's amount, the close date of an open offering, or nothing. */
export type CardStatus =
  | { kind: 'investment'; label: 'Your Investment:'; amount: number }
  | { kind: 'closes'; label: 'Still time to invest! Closes:'; closeDate: string | null }
  | { kind: 'declined'; label: 'Not Investing' };

/** The investment card's status line (spec 01), or null when none applies. */
export function cardStatus({ syndUser, isAvailable, fund }: CardState): CardStatus | null {
  if (isGoingToInvest(syndUser) || isInvesting(syndUser)) {
    return { kind: 'investment', label: 'Your Investment:', amount: syndUser?.invest_amount ?? 0 };
  }
  if (isDeclined(syndUser)) return { kind: 'declined', label: 'Not Investing' };
  if (isAvailable)
    return { kind: 'closes', label: 'Still time to invest! Closes:', closeDate: fund?.close_date ?? null };
  return null;
}

/** How the overall return is coloured: positive above 0, negative below, grey at 0 (as shown, to 2 decimals). */
export function returnTone(percent: number): 'positive' | 'negative' | 'grey' {
  const shown = Number(percent.toFixed(2));
  if (shown > 0) return 'positive';
  if (shown < 0) return 'negative';
  return 'grey';
}

/** A percentage with 2 decimals, e.g. '12.50%'. */
export function formatPercent(percent: number | null | undefined): string {
  return `${(percent ?? 0).toFixed(2)}%`;
}

/** A rate of return or multiple that may not exist (no dated flows, nothing paid in): a dash then. */
export function formatRate(percent: number | null | undefined): string {
  return percent === null || percent === undefined ? '–' : `${percent.toFixed(2)}%`;
}

/** An equity multiple, e.g. '1.25x'; a dash where nothing was paid in. */
export function formatMultiple(multiple: number | null | undefined): string {
  return multiple === null || multiple === undefined ? '–' : `${multiple.toFixed(2)}x`;
}
