import { describe, expect, it } from 'vitest';
import { portalFixture } from '@/testing/fixtures';
import { portalThemeVariables } from '../theme';

describe('portalThemeVariables', () => {
  it("turns the portal's colours into Bootstrap's variables", () => {
    const variables = portalThemeVariables(
      portalFixture({ portalColor: '#0B3D2E', primaryColor: '#2E7D32', secondaryColor: '#C9A227' }),
    );
    expect(variables).toEqual({
      '--portal-color': '#0B3D2E',
      '--portal-text-color': '#fff',
      '--portal-on-primary': '#fff',
      // White on this gold would be 2.4:1; black is 8.7:1.
      '--portal-on-secondary': '#000',
      '--bs-primary': '#2E7D32',
      '--bs-primary-rgb': '46, 125, 50',
      '--bs-secondary': '#C9A227',
      '--bs-secondary-rgb': '201, 162, 39',
      '--portal-link-color': '#2E7D32',
      '--portal-link-color-rgb': '46, 125, 50',
      // On the dark page the green is lightened until it reads (3.1:1 as it is).
      '--portal-link-color-dark': '#629e65',
      '--portal-link-color-dark-rgb': '98, 158, 101',
    });
  });

  it("uses the spec's defaults for missing or unreadable colours", () => {
    const variables = portalThemeVariables(
      portalFixture({ portalColor: null, primaryColor: 'blue', secondaryColor: '' }),
    );
    expect(variables).toMatchObject({
      '--portal-color': '#225',
      '--portal-text-color': '#fff',
      '--bs-primary': '#1976D2',
      '--bs-primary-rgb': '25, 118, 210',
      '--bs-secondary': '#5BACA2',
      '--bs-secondary-rgb': '91, 172, 162',
    });
  });

  it('picks dark text on a light portal colour', () => {
    expect(portalThemeVariables(portalFixture({ portalColor: '#fafafa' }))['--portal-text-color']).toBe('#000');
  });
});
