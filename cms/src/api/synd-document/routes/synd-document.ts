/**
 * GET /api/funds/:fundId/synd_documents: a fund's due-diligence documents, answered like the generic collection list
 * (`{items, total}`, the same query parameters), for signed-in users of the fund's portal (docs/api-files.md).
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/funds/:fundId/synd_documents',
      handler: 'api::collection.collection.list',
      config: {
        auth: false,
        middlewares: [
          { name: 'api::collection.scope', config: { collection: 'synd_documents' } },
          'api::synd-document.fund-scope',
        ],
      },
    },
  ],
};
