import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LINES as lines } from './helpers/access-lines';
import { call } from './helpers/auth';
import { apiRoutes } from './helpers/security-routes';
import { buildWorld, CALLERS, MARKERS, NEVER_ANSWERED, type Caller, type World } from './helpers/security-world';
import { useStrapi, type TestApp } from './helpers/strapi';

/** The access matrix (its lines, callers and columns: helpers/access-lines.ts), called by every caller. */

let app: TestApp;
let w: World;

beforeAll(async () => {
  app = await useStrapi();
  w = await buildWorld(app);
});

describe('the access matrix', () => {
  it('names every /api route the CMS serves', () => {
    const served = apiRoutes(app).map((route) => `${route.method} ${route.path}`);
    const tabled = [...new Set(lines.map((entry) => `${entry.method} /api${entry.route}`))];
    expect(
      tabled.filter((route) => !served.includes(route)),
      'lines for routes the CMS does not serve',
    ).toEqual([]);
    expect(
      served.filter((route) => !tabled.includes(route)),
      'routes the table does not cover',
    ).toEqual([]);
  });

  it('answers every caller as the table says, and no answer carries what its caller may not see', async () => {
    const mismatches: string[] = [];
    const leaks: string[] = [];
    const problems: string[] = [];
    const served = new Set<string>();
    for (const entry of lines) {
      const request = entry.request(w);
      const expected = entry.expected.trim().split(/\s+/).map(Number);
      const answers = await Promise.all(
        CALLERS.map(async (caller) => {
          const authCode = entry.fresh ? await w.freshCode(caller) : w.code(caller);
          return call(app, entry.method, request.url, request.body, { authCode });
        }),
      );
      const name = `${entry.method} ${request.url}${entry.label ? ` (${entry.label})` : ''}`;
      const statuses = answers.map((answer) => answer.status);
      if (statuses.join(' ') !== expected.join(' '))
        mismatches.push(`${name}: expected ${expected.join(' ')}, got ${statuses.join(' ')}`);
      answers.forEach((answer, index) => {
        const caller: Caller = CALLERS[index];
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        for (const [marker, allowed] of Object.entries(MARKERS)) {
          if (!text.includes(marker)) continue;
          if (allowed.includes(caller)) served.add(marker);
          else leaks.push(`${name} as ${caller}: ${marker}`);
        }
        for (const pattern of NEVER_ANSWERED) if (pattern.test(text)) leaks.push(`${name} as ${caller}: ${pattern}`);
        if (answer.status >= 400 && !answer.body?.error?.message)
          problems.push(`${name} as ${caller}: a ${answer.status} without a message`);
      });
    }
    expect(mismatches).toEqual([]);
    expect(leaks).toEqual([]);
    expect(problems).toEqual([]);
    // Each marker reached a caller allowed to see it, so its absence elsewhere means something.
    expect(Object.keys(MARKERS).filter((marker) => !served.has(marker))).toEqual([]);
  });
});
