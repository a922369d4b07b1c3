import type { Portal } from '@/lib/portal/portal';

/** A portal with every optional setting empty; override what a test is about. */
export function portalFixture(overrides: Partial<Portal> = {}): Portal {
  return {
    id: 1,
    documentId: 'portal-doc-1',
    name: 'Portal',
    pageTitle: null,
    slug: 'portal',
    isDefault: false,
    domains: null,
    portalColor: null,
    primaryColor: null,
    secondaryColor: null,
    facebookUrl: null,
    instagramUrl: null,
    youtubeUrl: null,
    twitterUrl: null,
    signInUrl: null,
    signUpUrl: null,
    educationLabel: null,
    recaptchaSiteKey: null,
    signInWithGoogleClientId: null,
    ...overrides,
  };
}

export const wasabiStallions = portalFixture({
  id: 1,
  documentId: 'wasabi-doc',
  name: 'Wasabi Stallions',
  pageTitle: 'Wasabi Stallions Investor Portal',
  slug: 'wasabistallions',
  isDefault: true,
  domains: ['wasabistallions.com', 'www.wasabistallions.com'],
  portalColor: '#222255',
  primaryColor: '#1976D2',
  secondaryColor: '#5BACA2',
  facebookUrl: 'https://facebook.com/wasabistallions',
  youtubeUrl: 'https://youtube.com/@wasabistallions',
});

export const oakHarbor = portalFixture({
  id: 2,
  documentId: 'oakharbor-doc',
  name: 'Oak Harbor Capital',
  pageTitle: 'Oak Harbor Investors',
  slug: 'oakharbor',
  domains: ['oakharborcapital.com', 'www.oakharborcapital.com'],
  portalColor: '#0B3D2E',
  primaryColor: '#2E7D32',
  secondaryColor: '#C9A227',
});
