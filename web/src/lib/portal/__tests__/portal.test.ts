import { describe, expect, it } from 'vitest';
import { portalFixture } from '@/testing/fixtures';
import { portalTitle, requestedPortalSlug, selectPortal } from '../portal';

const alpha = portalFixture({ id: 1, slug: 'alpha', domains: ['alpha.com', 'www.alpha.com'] });
const beta = portalFixture({ id: 2, slug: 'beta', domains: ['Beta.org:8443'], isDefault: true });
const gamma = portalFixture({ id: 3, slug: 'gamma', domains: null });
const portals = [alpha, beta, gamma];

describe('selectPortal', () => {
  it('lets a requested slug win over the domain', () => {
    expect(selectPortal(portals, { slug: 'gamma', hostname: 'alpha.com' })).toBe(gamma);
  });

  it('picks the portal whose domains hold the host, ignoring case and port', () => {
    expect(selectPortal(portals, { slug: null, hostname: 'WWW.Alpha.com' })).toBe(alpha);
    expect(selectPortal(portals, { slug: null, hostname: 'beta.org' })).toBe(beta);
    expect(selectPortal(portals, { slug: 'unknown', hostname: 'alpha.com:5173' })).toBe(alpha);
  });

  it('falls back to the default portal, then to the first', () => {
    expect(selectPortal(portals, { slug: null, hostname: 'localhost' })).toBe(beta);
    expect(selectPortal([gamma, alpha], { slug: null, hostname: 'localhost' })).toBe(gamma);
  });

  it('answers null when there are no portals', () => {
    expect(selectPortal([], { slug: 'alpha', hostname: 'alpha.com' })).toBeNull();
  });
});

describe('requestedPortalSlug', () => {
  it('takes ?portal= and remembers it for later URLs', () => {
    expect(requestedPortalSlug('?portal=oakharbor&x=1', sessionStorage)).toBe('oakharbor');
    expect(requestedPortalSlug('', sessionStorage)).toBe('oakharbor');
    expect(requestedPortalSlug('?portal=wasabistallions', sessionStorage)).toBe('wasabistallions');
  });

  it('forgets the remembered slug on an empty ?portal=', () => {
    requestedPortalSlug('?portal=oakharbor', sessionStorage);
    expect(requestedPortalSlug('?portal=', sessionStorage)).toBeNull();
    expect(requestedPortalSlug('', sessionStorage)).toBeNull();
  });
});

describe('portalTitle', () => {
  it('prefers the page title and falls back to the name', () => {
    expect(portalTitle(portalFixture({ name: 'Oak', pageTitle: 'Oak Investors' }))).toBe('Oak Investors');
    expect(portalTitle(portalFixture({ name: 'Oak', pageTitle: '  ' }))).toBe('Oak');
  });
});
