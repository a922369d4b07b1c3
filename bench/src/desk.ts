import { PASSWORD, PORTAL } from './config';
import { fetchCall } from './measure';

/** The sponsor desk's reads (docs/sponsor-desk.md), as staff make them one at a time: p50 and max of ten, in ms. */
export interface DeskFigures {
  investors: number;
  /** p50 and max of ten answers, ms; or what went wrong (the call is then not repeated). */
  calls: Record<string, { p50: number; max: number } | { error: string }>;
}

/** How long one desk call may take before it counts as not answering (the bench goes on with the next). */
const DESK_TIMEOUT_MS = 120_000;

/**
 * The admin panel's board, the commitments table of the portal's largest fund (first page by name, a later page
 * filtered and sorted by amount, a search), its CSV and the investor directory, signed in as the seeded super admin.
 */
export async function benchDesk(base: string): Promise<DeskFigures> {
  const login = await fetchCall(base, {
    method: 'POST',
    path: '/admin/login',
    body: JSON.stringify({ email: 'admin@portal.local', password: PASSWORD }),
  });
  const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
  const headers = { Authorization: `Bearer ${token}` };
  const board = JSON.parse(
    (await fetchCall(base, { method: 'GET', path: `/sponsor-desk/funds?portal=${PORTAL}&all=true`, headers })).body,
  ) as { funds: { documentId: string; investors: number; counts: Record<string, number> }[] };
  const largest = [...board.funds].sort((one, other) => other.investors - one.investors)[0];
  const fund = `/sponsor-desk/funds/${largest.documentId}`;
  const state = Object.entries(largest.counts).sort((one, other) => other[1] - one[1])[0][0];
  const paths: Record<string, string> = {
    board: `/sponsor-desk/funds?portal=${PORTAL}`,
    'commitments, page 1 by name': `${fund}/commitments?sort=name:asc&page=1&pageSize=25`,
    'commitments, a state by amount, page 3': `${fund}/commitments?state=${state}&sort=amount:desc&page=3&pageSize=25`,
    'commitments, search': `${fund}/commitments?q=volume.investor.1`,
    'commitments CSV (whole fund)': `${fund}/commitments.csv`,
    'investor directory, page 2': `/sponsor-desk/investors?portal=${PORTAL}&page=2`,
  };
  const calls: DeskFigures['calls'] = {};
  for (const [name, route] of Object.entries(paths)) {
    const times: number[] = [];
    try {
      for (let round = 0; round < 11; round += 1) {
        const started = performance.now();
        const answer = await fetchCall(base, { method: 'GET', path: route, headers, timeoutMs: DESK_TIMEOUT_MS });
        if (answer.status !== 200) throw new Error(`answered ${answer.status}: ${answer.body.slice(0, 200)}`);
        if (round > 0) times.push(performance.now() - started);
      }
      times.sort((one, other) => one - other);
      calls[name] = {
        p50: Math.round(times[Math.floor(times.length / 2)] * 10) / 10,
        max: Math.round(times[times.length - 1] * 10) / 10,
      };
    } catch (error) {
      // Recorded and shown in the table; the other calls and the rest of the bench go on.
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      calls[name] = {
        error: timedOut
          ? `no answer in ${DESK_TIMEOUT_MS / 1000} s`
          : error instanceof Error
            ? error.message
            : String(error),
      };
    }
  }
  return { investors: largest.investors, calls };
}
