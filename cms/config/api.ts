export default {
  rest: {
    defaultLimit: 25,
    // The site asks for whole lists (portfolio, files) with limit 999.
    maxLimit: 1000,
    withCount: true,
  },
};
