/** Every route path of the site, relative to the base path. */
export const paths = {
  home: { path: '/' },
  homepage: { path: '/homepage' },
  notFound: { path: '*' },
} as const;
