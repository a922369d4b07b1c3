import type { Core } from '@strapi/strapi';
import type { Page } from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import type { CollectionRule } from '../collections';
import type { ListQuery } from '../query';
import { collectionReadModel } from './read-model';

type Row = Record<string, unknown>;

const collectionService = ({ strapi }: { strapi: Core.Strapi }) => {
  const reads = collectionReadModel(strapi);
  const present =
    (rule: CollectionRule) =>
    (row: Row): Row =>
      rule.derive ? { ...row, ...rule.derive(row) } : row;

  return {
    /** A page of the rows in `scope` that match the query, and how many match in all. */
    async list(rule: CollectionRule, scope: Row, query: ListQuery): Promise<Page<Row>> {
      const { items, total } = await reads.list(rule, scope, query);
      return { items: items.map(present(rule)), total };
    },

    /** The row `id` names if it is in `scope`; 404 'Not found' otherwise (another's row looks like a missing one). */
    async findOne(rule: CollectionRule, scope: Row, id: Row, populate: string[]): Promise<Row> {
      return present(rule)(await reads.findOne(rule, scope, id, populate));
    },
  };
};

export type CollectionService = ReturnType<typeof collectionService>;

/** The generic collection service, typed. */
export const collections = serviceAccessor<CollectionService>('api::collection.collection');

export default collectionService;
