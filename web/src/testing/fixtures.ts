import type { Me } from '@/lib/auth/types';
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
    timeZone: null,
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
  timeZone: 'America/New_York',
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
  timeZone: 'America/Chicago',
});

/** A confirmed investor of wasabistallions; override what a test is about. */
export function meFixture(overrides: Partial<Me> = {}): Me {
  return {
    id: 7,
    documentId: 'user-doc-7',
    username: 'ann@example.com',
    email: 'ann@example.com',
    firstName: 'Ann',
    middleName: null,
    lastName: 'Investor',
    fullName: 'Ann Investor',
    displayName: 'Ann Investor',
    level: 'user',
    canEditContentItems: false,
    isGuestSession: false,
    newsDocumentsCount: 0,
    profileSettings: { timezone: 'America/Chicago' },
    portal: 'wasabistallions',
    isActive: true,
    accreditation: 0,
    homePhone: null,
    mobilePhone: null,
    address1: null,
    address2: null,
    city: null,
    state: null,
    postalCode: null,
    country: null,
    ...overrides,
  };
}

/** A superadmin: the only kind of user who may edit content. */
export const superadminFixture = () =>
  meFixture({
    id: 1,
    documentId: 'user-doc-1',
    username: 'root@example.com',
    email: 'root@example.com',
    firstName: 'Rita',
    lastName: 'Root',
    fullName: 'Rita Root',
    displayName: 'Rita Root',
    level: 'superadmin',
    canEditContentItems: true,
    portal: null,
  });

/** Puts a session in storage as a previous visit would have left it. */
export function storeSignedIn(me: Me, authCode = 'stored-code') {
  localStorage.setItem('authCode', authCode);
  localStorage.setItem('user', JSON.stringify(me));
  localStorage.setItem('profileSettings', JSON.stringify(me.profileSettings));
}
