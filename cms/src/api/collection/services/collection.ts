import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { serviceAccessor } from '../../../utils/service';
import type { CollectionRule } from '../collections';
import type { ListQuery } from '../query';

type Row = Record<string, unknown>;

const collectionService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** The fields and relations a query reads, as the Document Service takes them: those asked, and those always included. */
  function selection(rule: CollectionRule, populate: string[]) {
    const relations = [...new Set([...Object.keys(rule.include ?? {}), ...populate])];
    const fieldsOf = (relation: string) => [
      ...new Set([
        ...(rule.include?.[relation] ?? []),
        ...(populate.includes(relation) ? (rule.populate?.[relation] ?? []) : []),
      ]),
    ];
    return {
      fields: rule.fields,
      populate: Object.fromEntries(relations.map((relation) => [relation, { fields: fieldsOf(relation) }])),
    };
  }

  const present =
    (rule: CollectionRule) =>
    (row: Row): Row =>
      rule.derive ? { ...row, ...rule.derive(row) } : row;

  return {
    /** A page of the rows in `scope` that match the query, and how many match in all. */
    async list(rule: CollectionRule, scope: Row, query: ListQuery): Promise<{ items: Row[]; total: number }> {
      const filters = { $and: [scope, ...(query.filters ? [query.filters] : [])] };
      const documents = strapi.documents(rule.uid);
      const [rows, total] = await Promise.all([
        documents.findMany({
          filters,
          ...selection(rule, query.populate),
          sort: query.sort,
          limit: query.limit,
          start: query.start,
        } as never),
        documents.count({ filters } as never),
      ]);
      return { items: (rows as Row[]).map(present(rule)), total: Number(total) };
    },

    /** The row `id` names if it is in `scope`; 404 'Not found' otherwise (another's row looks like a missing one). */
    async findOne(rule: CollectionRule, scope: Row, id: Row, populate: string[]): Promise<Row> {
      const row = await strapi
        .documents(rule.uid)
        .findFirst({ filters: { $and: [scope, id] }, ...selection(rule, populate) } as never);
      if (!row) throw new errors.NotFoundError('Not found');
      return present(rule)(row as Row);
    },
  };
};

export type CollectionService = ReturnType<typeof collectionService>;

/** The generic collection service, typed. */
export const collections = serviceAccessor<CollectionService>('api::collection.collection');

export default collectionService;
