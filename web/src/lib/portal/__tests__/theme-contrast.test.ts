import { contrastRatio } from '@portal/rules';
import { describe, expect, it } from 'vitest';
import { portalFixture } from '@/testing/fixtures';
import { PORTALS } from '../../../../../scripts/src/seed/data/portals';
import { BODY_BACKGROUND, portalThemeVariables } from '../theme';

interface Colors {
  portalColor: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
}

/** Every portal the seed creates, and a portal with no colours of its own (the spec's defaults). */
const portals: [string, Colors][] = [
  ...PORTALS.map(({ data }): [string, Colors] => [
    String(data.slug),
    {
      portalColor: String(data.portalColor),
      primaryColor: String(data.primaryColor),
      secondaryColor: String(data.secondaryColor),
    },
  ]),
  ["the spec's defaults (#225, #1976D2, #5BACA2)", { portalColor: null, primaryColor: null, secondaryColor: null }],
];

/**
 * What styles/theme.css draws with each variable: [where, foreground, background, minimum ratio]. Text needs 4.5:1,
 * icons 3:1 (WCAG AA).
 */
function pairs(variables: Record<string, string>): [string, string, string, number][] {
  const header = variables['--portal-color'];
  const onHeader = variables['--portal-text-color'];
  return [
    ['header links, Sign In and Sign Up (and their hover, inverted)', onHeader, header, 4.5],
    ['header icons and the mobile menu toggler', onHeader, header, 3],
    ['home page band on the portal colour', onHeader, header, 4.5],
    ['primary buttons', variables['--portal-on-primary'], variables['--bs-primary'], 4.5],
    ['secondary buttons', variables['--portal-on-secondary'], variables['--bs-secondary'], 4.5],
    ['links and outline buttons, light mode', variables['--portal-link-color'], BODY_BACKGROUND.light, 4.5],
    ['links and outline buttons, dark mode', variables['--portal-link-color-dark'], BODY_BACKGROUND.dark, 4.5],
  ];
}

describe('portal colours reach WCAG AA contrast', () => {
  it.each(portals)('%s', (_name, colors) => {
    const variables = portalThemeVariables(portalFixture(colors));
    for (const [where, foreground, background, minimum] of pairs(variables)) {
      const ratio = contrastRatio(foreground, background);
      expect(ratio, `${where}: ${foreground} on ${background} is ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(
        minimum,
      );
    }
  });

  it('keeps the brand colours themselves as the portal set them', () => {
    for (const { data } of PORTALS) {
      const variables = portalThemeVariables(portalFixture(data as Partial<Colors>));
      expect(variables['--portal-color']).toBe(data.portalColor);
      expect(variables['--bs-primary']).toBe(data.primaryColor);
      expect(variables['--bs-secondary']).toBe(data.secondaryColor);
    }
  });
});
