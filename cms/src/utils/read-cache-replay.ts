import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { CachedAnswer } from './read-cache-store';

/**
 * A visitor's repeated read answered before Koa: what the middleware chain sent for a GET or posted read answered
 * from the read cache is kept, and the next identical request gets the same headers and bytes without routing.
 */

/** What the replays need of their cache: its generation now, and whether its shared counter was read less than 500 ms ago. */
export interface ReplaySource {
  generation(): number;
  polledRecently(): boolean;
}

/** A visitor's GET as the whole middleware chain answered it: every header it sent (security, CORS, cache) and the body. */
interface Replay {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  generation: number;
}

/** The reads made as POST (the spec's calls) that a replay may answer: their exact paths, no query. */
const POSTED_READS = new Set(['/api/contents/byslug', '/api/contents/educationbyslug']);
/** The largest body of a posted read that is read ahead of Koa (a list of slugs is far smaller). */
const MAX_POSTED_BYTES = 16 * 1024;

/** The headers of a 200 that a 304 leaves out. */
const BODY_HEADERS = new Set(['content-type', 'content-length']);

/** One cache's replays, cleared with it (see ReadCache.invalidate). */
export class Replays {
  private replays = new Map<string, Replay>();

  constructor(
    private readonly cache: ReplaySource,
    /** Replays kept; the oldest goes first. */
    private readonly maxEntries: number,
  ) {}

  /**
   * Keeps what the middleware chain sent for a visitor's GET or posted read answered from the cache (`ctx` after
   * send()): the next identical request is answered with the same headers and bytes before Koa (replay(),
   * replayPosted()). Not for a response that sets a cookie or says anything but 200.
   */
  remember(ctx: Context, answer: CachedAnswer): void {
    const requestKey = requestKeyOf(ctx);
    if (!requestKey || (ctx.method !== 'GET' && !POSTED_READS.has(ctx.originalUrl))) return;
    if (ctx.status !== 200 || ctx.response.get('set-cookie') || answer.generation !== this.cache.generation()) return;
    const headers = { ...ctx.response.headers } as OutgoingHttpHeaders;
    this.replays.set(requestKey, {
      headers,
      body: Buffer.from(answer.body),
      etag: answer.etag,
      generation: answer.generation,
    });
    if (this.replays.size > this.maxEntries) this.replays.delete(this.replays.keys().next().value as string);
  }

  /**
   * Answers a visitor's GET that the chain answered from the cache before, with the same headers and bytes (or 304
   * when If-None-Match names the ETag), when the shared counter was read less than 500 ms ago and nothing changed
   * since: what the chain would send again, at a fraction of its cost. False when the request must go to Koa.
   */
  replay(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || !this.replayable(req)) return false;
    return this.answerFromReplay(req, res, null);
  }

  /**
   * Whether `req` is a visitor's posted read (POST contents/byslug or educationbyslug, a small JSON body) that
   * replayPosted() may answer: its body must be read first.
   */
  postedReplayable(req: IncomingMessage): boolean {
    if (req.method !== 'POST' || !POSTED_READS.has(req.url ?? '') || !this.replayable(req)) return false;
    const length = Number(req.headers['content-length']);
    return (
      /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '') &&
      Number.isInteger(length) &&
      length > 0 &&
      length <= MAX_POSTED_BYTES &&
      !req.headers['content-encoding'] &&
      !req.headers['transfer-encoding']
    );
  }

  /**
   * A posted read: its body is read, then it is answered from the replays like a GET (same key: method, URL, Origin,
   * Host and the parsed body), or handed to Koa (`forward`) as a request carrying the body that was read.
   */
  async replayPosted(
    req: IncomingMessage,
    res: ServerResponse,
    forward: (request: IncomingMessage) => void,
  ): Promise<void> {
    // Node's parser holds the body to its declared length, at most MAX_POSTED_BYTES (postedReplayable).
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      // The client went away: nothing to answer.
      return;
    }
    const body = Buffer.concat(chunks);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    // Koa answers anything else (not JSON, nothing replayable) exactly as it would have.
    if (parsed === undefined || !this.replayable(req) || !this.answerFromReplay(req, res, parsed))
      forward(withBody(req, body));
  }

  /** A visitor's request, while the shared counter was read less than 500 ms ago (so nothing changed elsewhere). */
  private replayable(req: IncomingMessage): boolean {
    return req.headers.authcode === undefined && this.cache.polledRecently() && this.replays.size > 0;
  }

  private answerFromReplay(req: IncomingMessage, res: ServerResponse, body: unknown): boolean {
    const found = this.replays.get(
      requestKey(req.method ?? '', req.url ?? '', req.headers.origin ?? '', req.headers.host ?? '', body),
    );
    if (!found || found.generation !== this.cache.generation()) return false;
    if (matchesIfNoneMatch(req.headers['if-none-match'], found.etag)) {
      res.writeHead(304, Object.fromEntries(Object.entries(found.headers).filter(([name]) => !BODY_HEADERS.has(name))));
      res.end();
    } else {
      res.writeHead(200, found.headers);
      res.end(found.body);
    }
    return true;
  }

  /** Forgets every replay (the cache was invalidated). */
  clear(): void {
    this.replays.clear();
  }
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for this header) or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * What a visitor's read is answered from: its method, URL, Origin and Host (the portal: `portal` in the query or
 * body, else Origin, else Host), and a POST's parsed body (the reads made as POST). Null with a session.
 */
export function requestKeyOf(ctx: Context): string | null {
  if ((ctx.method !== 'GET' && ctx.method !== 'POST') || ctx.get('authcode')) return null;
  const body = ctx.method === 'POST' ? (ctx.request as { body?: unknown }).body : null;
  return requestKey(ctx.method, ctx.originalUrl, ctx.get('origin'), ctx.get('host'), body ?? null);
}

const requestKey = (method: string, url: string, origin: string, host: string, body: unknown) =>
  JSON.stringify([method, url, origin, host, body]);

/** The request as Koa would have got it, its body (already read here) readable again: the same headers, URL, method and socket. */
function withBody(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new PassThrough();
  const fields = [
    'headers',
    'headersDistinct',
    'rawHeaders',
    'trailers',
    'rawTrailers',
    'method',
    'url',
    'httpVersion',
    'httpVersionMajor',
    'httpVersionMinor',
    'socket',
    'complete',
    'aborted',
  ] as const;
  for (const field of fields)
    Object.defineProperty(copy, field, { value: req[field], writable: true, enumerable: true });
  Object.defineProperty(copy, 'connection', { value: req.socket, writable: true });
  Object.defineProperty(copy, 'setTimeout', {
    value: (ms: number, callback?: () => void) => (req.setTimeout(ms, callback), copy),
    writable: true,
  });
  copy.end(body);
  return copy as unknown as IncomingMessage;
}
