import { errors } from '@strapi/utils';
import { isRaiseState, RAISE_STATES, type RaiseState } from '@portal/rules';
import { listQuery } from '../../../utils/list-query';

/** The most rows one page of the commitments table answers. */
export const COMMITMENTS_MAX_PAGE_SIZE = 100;

/** How the commitments table sorts, as `field:asc|desc` (Strapi's own sort syntax); each ends with the row's id. */
export const COMMITMENT_SORTS = [
  'name',
  'email',
  'amount',
  'state',
  'investorSignedAt',
  'countersignedAt',
  'fundedAt',
  'lastRemindedAt',
  'updatedAt',
] as const;
export type CommitmentSort = (typeof COMMITMENT_SORTS)[number];

export interface CommitmentQuery {
  state?: RaiseState;
  q?: string;
  sort: { field: CommitmentSort; desc: boolean };
  page: number;
  pageSize: number;
}

/** Reads and checks the table's query string; a 400 names what is wrong. */
export function commitmentQuery(query: Record<string, unknown>): CommitmentQuery {
  const { text, ...list } = listQuery(query, COMMITMENT_SORTS, COMMITMENTS_MAX_PAGE_SIZE);
  const state = text('state');
  // `transferred` is read too (a position that left the raise); the message names the raise's own steps.
  if (state !== undefined && !isRaiseState(state))
    throw new errors.ValidationError(`state must be one of ${RAISE_STATES.join(', ')}`);
  return { ...list, ...(state && { state }) };
}
