/**
 * The floor: a bare Node HTTP server answering each recorded call with the CMS's own bytes (BARE_ANSWERS, a JSON file
 * of `{ "<METHOD> <path>": { type, body } }`), on PORT. Prints `READY` once listening.
 */
import fs from 'node:fs';
import http from 'node:http';

const answers = JSON.parse(fs.readFileSync(process.env.BARE_ANSWERS ?? '', 'utf8')) as Record<
  string,
  { type: string; body: string }
>;
const bytes = new Map(
  Object.entries(answers).map(([key, answer]) => [key, { type: answer.type, body: Buffer.from(answer.body) }]),
);

http
  .createServer((req, res) => {
    const found = bytes.get(`${req.method} ${req.url}`);
    // The request body (if any) is read and dropped, as the CMS reads it.
    req.resume();
    req.on('end', () => {
      if (!found) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('READY\n'));
