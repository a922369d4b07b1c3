import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { streamCsv } from '../../../utils/csv';
import { keepErrorMessages } from '../../../utils/error-messages';
import { transactionFilter, transactionPage, transactions } from '../services/transactions';

type Caller = { id: number; portal?: { id: number } | null };

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** GET /api/profile/transactions?fund=&type=&year=&page=&pageSize=: `{results, pagination, funds, years}`. */
    async page(ctx: Context) {
      ctx.body = await transactions(strapi).page(
        ctx.state.user as Caller,
        transactionFilter(ctx.query, { paged: true }),
        transactionPage(ctx.query),
      );
    },

    /** GET /api/profile/transactions.csv?fund=&type=&year=: the rows the filter shows, written as they are read. */
    async csv(ctx: Context) {
      const rows = await transactions(strapi).csv(
        ctx.state.user as Caller,
        transactionFilter(ctx.query, { paged: false }),
      );
      ctx.set('Cache-Control', 'no-store');
      streamCsv(strapi, ctx, 'transactions.csv', rows);
    },
  });
