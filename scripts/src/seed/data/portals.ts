import { PORTAL } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';

/** The two known portals. wasabistallions is the default one (served when no domain matches). */
export const PORTALS: SeedRecord[] = [
  record(PORTAL, ['slug'], {
    slug: 'wasabistallions',
    name: 'Wasabi Stallions',
    pageTitle: 'Wasabi Stallions',
    isDefault: true,
    domains: ['wasabistallions.com', 'www.wasabistallions.com', 'wasabistallions.localhost'],
    portalColor: '#225',
    primaryColor: '#1976D2',
    secondaryColor: '#5BACA2',
    facebookUrl: 'https://www.facebook.com/wasabistallions',
    youtubeUrl: 'https://www.youtube.com/@wasabistallions',
    twitterUrl: 'https://twitter.com/wasabistallions',
    instagramUrl: 'https://www.instagram.com/wasabistallions',
    educationLabel: 'Education',
    timeZone: 'America/New_York',
  }),
  record(PORTAL, ['slug'], {
    slug: 'oakharbor',
    name: 'Oak Harbor Capital',
    pageTitle: 'Oak Harbor Capital',
    isDefault: false,
    domains: ['oakharborcapital.com', 'www.oakharborcapital.com', 'oakharbor.localhost'],
    portalColor: '#0B3D2E',
    primaryColor: '#2E7D32',
    secondaryColor: '#C9A227',
    facebookUrl: 'https://www.facebook.com/oakharborcapital',
    youtubeUrl: 'https://www.youtube.com/@oakharborcapital',
    educationLabel: 'Insights',
    timeZone: 'America/Chicago',
  }),
];
