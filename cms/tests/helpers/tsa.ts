import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const run = promisify(execFile);

export interface LocalTsa {
  /** The authority's URL (SIGNING_TSA_URL). */
  url: string;
  /** The folder with its root certificate (ca.crt) and its own (tsa.crt). */
  dir: string;
  /** How many timestamp requests it answered. */
  answered: () => number;
  /** From now on, answer as a network in between that moves each token's time an hour back (its signature left as it was). */
  tamper: (on: boolean) => void;
  /** From now on, answer tokens certifying a time `ms` away from the true one, signed by the authority (its clock is wrong); 0: right again. */
  skew: (ms: number) => void;
  close: () => Promise<void>;
}

/**
 * A local RFC 3161 time-stamping authority: OpenSSL's own `openssl ts -reply` behind a small HTTP server, with a root
 * certificate and a time-stamping certificate made for the run (extendedKeyUsage critical timeStamping). `selfSigned`:
 * the time-stamping certificate is its own root (what anyone can make, e.g. a network in between answering for an authority).
 */
export async function startLocalTsa({ selfSigned = false } = {}): Promise<LocalTsa> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tsa-'));
  const file = (name: string) => path.join(dir, name);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '3650',
    '-subj',
    '/CN=Portal Test TSA Root',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('tsa.key'),
    '-out',
    file('tsa.csr'),
    '-subj',
    '/CN=Portal Test Time-Stamping Authority',
  ]);
  fs.writeFileSync(
    file('tsa.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n',
  );
  const issuer = selfSigned
    ? ['-signkey', file('tsa.key')]
    : ['-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial'];
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file('tsa.csr'),
    ...issuer,
    '-out',
    file('tsa.crt'),
    '-days',
    '3650',
    '-extfile',
    file('tsa.ext'),
  ]);
  fs.writeFileSync(file('serial'), '01\n');
  fs.writeFileSync(
    file('tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = local_tsa',
      '[ local_tsa ]',
      `dir = ${dir}`,
      'serial = $dir/serial',
      'crypto_device = builtin',
      'signer_cert = $dir/tsa.crt',
      'certs = $dir/tsa.crt',
      'signer_key = $dir/tsa.key',
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.99999.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = yes',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  let answered = 0;
  let sequence = 0;
  let tampering = false;
  let skewMs = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = ++sequence;
      const query = file(`request-${id}.tsq`);
      const reply = file(`reply-${id}.tsr`);
      fs.writeFileSync(query, Buffer.concat(chunks));
      // One reply at a time: `openssl ts -reply` reads and rewrites the serial file, so two at once would collide (and
      // answer a rejection) when several seals are made together (the e2e seed, a batch of statements).
      const replied = queue.then(() =>
        run('openssl', ['ts', '-reply', '-config', file('tsa.cnf'), '-queryfile', query, '-out', reply]),
      );
      queue = replied.catch(() => undefined);
      replied
        .then(async () => {
          const bytes = fs.readFileSync(reply);
          const answer = tampering
            ? backdated(bytes)
            : skewMs
              ? await resigned(bytes, skewMs, fs.readFileSync(file('tsa.key'), 'utf8'))
              : bytes;
          answered += 1;
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
          response.end(answer);
        })
        .catch((error: Error) => {
          response.writeHead(400, { 'content-type': 'text/plain' });
          response.end(error.message);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`,
    dir,
    answered: () => answered,
    tamper: (on) => {
      tampering = on;
    },
    skew: (ms) => {
      skewMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(dir, { recursive: true, force: true });
      }),
  };
}

/** A timestamp reply whose token certifies a time an hour earlier than the authority signed. */
function backdated(reply: Buffer): Buffer {
  const answer = pkijs.TimeStampResp.fromBER(new Uint8Array(reply));
  const signed = new pkijs.SignedData({ schema: answer.timeStampToken!.content });
  const info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent!.getValue());
  info.genTime = new Date(info.genTime.getTime() - 3_600_000);
  signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: info.toSchema().toBER() });
  answer.timeStampToken = new pkijs.ContentInfo({
    contentType: '1.2.840.113549.1.7.2',
    content: signed.toSchema(true),
  });
  return Buffer.from(answer.toSchema().toBER());
}

/** A timestamp reply whose token certifies a time `ms` away, signed again with the authority's key: a genuine token from a wrong clock. */
async function resigned(reply: Buffer, ms: number, keyPem: string): Promise<Buffer> {
  const answer = pkijs.TimeStampResp.fromBER(new Uint8Array(reply));
  const signed = new pkijs.SignedData({ schema: answer.timeStampToken!.content });
  const info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent!.getValue());
  info.genTime = new Date(info.genTime.getTime() + ms);
  const content = info.toSchema().toBER();
  signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content });
  // The signed attributes carry the content's digest: made anew, then signed over again.
  const [signer] = signed.signerInfos;
  const attributes = signer.signedAttrs!.attributes.map((attribute) =>
    attribute.type === '1.2.840.113549.1.9.4'
      ? new pkijs.Attribute({
          type: attribute.type,
          values: [
            new asn1js.OctetString({ valueHex: crypto.createHash('sha256').update(Buffer.from(content)).digest() }),
          ],
        })
      : attribute,
  );
  signer.signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes });
  const der = crypto.createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'der' });
  const key = await crypto.webcrypto.subtle.importKey(
    'pkcs8',
    der,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  await signed.sign(key as Parameters<pkijs.SignedData['sign']>[0], 0, 'SHA-256');
  answer.timeStampToken = new pkijs.ContentInfo({
    contentType: '1.2.840.113549.1.7.2',
    content: signed.toSchema(true),
  });
  return Buffer.from(answer.toSchema().toBER());
}

/** What poppler's `pdfsig` says of a PDF's signatures (certificate trust not checked: the seals are self-signed here). */
export async function pdfsigReport(pdf: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pdfsig-'));
  try {
    fs.writeFileSync(path.join(dir, 'document.pdf'), pdf);
    const { stdout } = await run('pdfsig', ['-nocert', 'document.pdf'], { cwd: dir }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The signature timestamp of a PDF's (last) seal, checked by OpenSSL: the RFC 3161 token in the signer's unsigned
 * attributes, verified with `openssl ts -verify` over the signature value against the local authority's root. Answers
 * OpenSSL's verdict and the time the token certifies; null when the seal carries no token.
 */
export async function sealTimestamp(
  pdf: Buffer,
  tsa: Pick<LocalTsa, 'dir'>,
): Promise<{ verified: boolean; output: string; time: Date } | null> {
  const ranges = [...pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const [, , firstLength, second] = (ranges.at(-1) ?? []).map(Number);
  const hex = pdf.subarray(firstLength + 1, second - 1).toString('latin1');
  const content = pkijs.ContentInfo.fromBER(Buffer.from(hex, 'hex'));
  const [signer] = new pkijs.SignedData({ schema: content.content }).signerInfos;
  const attribute = signer.unsignedAttrs?.attributes.find((entry) => entry.type === '1.2.840.113549.1.9.16.2.14');
  if (!attribute) return null;
  const token = pkijs.ContentInfo.fromBER(attribute.values[0].toBER());
  const info = pkijs.TSTInfo.fromBER(
    new pkijs.SignedData({ schema: token.content }).encapContentInfo.eContent!.getValue(),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ts-'));
  try {
    fs.writeFileSync(path.join(dir, 'signature.bin'), Buffer.from(signer.signature.getValue()));
    fs.writeFileSync(path.join(dir, 'token.der'), Buffer.from(token.toSchema().toBER()));
    const args = [
      'ts',
      '-verify',
      '-data',
      'signature.bin',
      '-in',
      'token.der',
      '-token_in',
      '-CAfile',
      path.join(tsa.dir, 'ca.crt'),
      '-untrusted',
      path.join(tsa.dir, 'tsa.crt'),
    ];
    const result = await run('openssl', args, { cwd: dir }).then(
      ({ stdout, stderr }) => ({ verified: /Verification: OK/.test(stdout), output: stdout + stderr }),
      (error: { stdout?: string; stderr?: string }) => ({
        verified: false,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
    return { ...result, time: info.genTime };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
