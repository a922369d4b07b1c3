import path from 'node:path';

// What a bench run measures against, and for how long (see bench.ts for the env).

export const ROOT = path.resolve(__dirname, '..', '..');
export const RESULTS = path.join(ROOT, 'bench', 'results');
export const DURATION = Number(process.env.BENCH_DURATION ?? 2);
/** The grown database's investors in thousands (npm run seed -- --volume, units of 1,000); 0 skips it. */
export const VOLUME = Number(process.env.BENCH_VOLUME ?? 100);
export const CONNECTIONS = [1, 16, 64];
export const PASSWORD = 'DemoPass2026!';
export const INVESTOR = 'investor.investing@wasabistallions.com';
export const PORTAL = 'wasabistallions';
/** The signed-in table's connections. */
export const SIGNED_IN_CONNECTIONS = 16;
/** BENCH_ONLY=signed-in: the signed-in tables alone (cached and uncached, new and grown). */
export const SIGNED_IN_ONLY = process.env.BENCH_ONLY === 'signed-in';
/** BENCH_ONLY=desk: the sponsor desk alone (its calls and its page in Chromium, new and grown). */
export const DESK_ONLY = process.env.BENCH_ONLY === 'desk';
