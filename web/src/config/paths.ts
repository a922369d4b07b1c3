/** Every route path of the site, relative to the base path. */
export const paths = {
  home: { path: '/' },
  homepage: { path: '/homepage' },
  dashboard: { path: '/dashboard' },
  profile: { path: '/profile' },
  portfolio: { path: '/portfolio' },
  about: { path: '/about' },
  education: { path: '/education' },
  confirmEmail: { path: '/confirm_email/:code' },
  resetPassword: { path: '/reset_password/:code' },
  guestSession: { path: '/guest_session/:code' },
  notFound: { path: '*' },
} as const;
