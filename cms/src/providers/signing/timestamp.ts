import crypto from 'node:crypto';
import fs from 'node:fs';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { Signer } from '@signpdf/utils';
import { badGateway } from '../../utils/http-errors';
import { SIGNED_DATA, sha256Algorithm } from './pades';

/** id-aa-signatureTimeStampToken (RFC 3161, appendix A): the unsigned attribute that carries a signature's timestamp. */
const SIGNATURE_TIMESTAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';
/** PKIStatus granted (0) and grantedWithMods (1): the answers that carry a token. */
const GRANTED = [0, 1];
/** How long the time-stamping authority may take to answer before the seal fails. */
const TSA_TIMEOUT_MS = 15_000;
/**
 * How far the time a token certifies may be from this server's clock (docs/signing.md, Trusted time): a token is asked
 * for and answered within seconds, so a time further off is an authority whose clock is wrong, or a token replayed or
 * made for another moment; either way not the time of this seal.
 */
const TSA_CLOCK_SKEW_MS = 5 * 60_000;
/** extendedKeyUsage (RFC 5280) and its id-kp-timeStamping purpose: a certificate made to sign timestamps. */
const EXTENDED_KEY_USAGE = '2.5.29.37';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

/** What a seal asks of the time-stamping authority: where it answers, and the roots its certificate must chain to. */
export interface TimestampAuthority {
  url: string;
  /** SIGNING_TSA_CA: PEM certificates (a file's path, or the text); empty: any time-stamping certificate. */
  ca?: string;
}

/** The PEM certificates SIGNING_TSA_CA names (the file it names, or its own text). */
export function trustedRoots(ca: string | undefined): pkijs.Certificate[] {
  if (!ca) return [];
  const text = ca.includes('-----BEGIN') ? ca : fs.readFileSync(ca, 'utf8');
  const blocks = [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)];
  if (!blocks.length) throw new Error('SIGNING_TSA_CA holds no PEM certificate');
  return blocks.map((block) => pkijs.Certificate.fromBER(Buffer.from(block[1].replace(/\s+/g, ''), 'base64')));
}

/**
 * The token is the authority's own: its signature verifies over what it certifies, by a certificate made for
 * time-stamping (extendedKeyUsage timeStamping), which chains to `trusted` when roots are given. A token changed on
 * the way is refused with a 502; one made up whole (signed by a time-stamping certificate of the maker's own) only
 * when roots are pinned, which production requires (config/portal.ts).
 */
async function checkToken(signed: pkijs.SignedData, stamped: Uint8Array, trusted: pkijs.Certificate[]): Promise<void> {
  let verified: pkijs.SignedDataVerifyResult;
  try {
    // For a timestamp token PKI.js checks its imprint against the data stamped, then the signature over the token.
    verified = await signed.verify({
      signer: 0,
      data: new Uint8Array(stamped).buffer,
      checkChain: trusted.length > 0,
      trustedCerts: trusted,
      extendedMode: true,
    });
  } catch (error) {
    const reason = (error as { message?: string; code?: number })?.message ?? String(error);
    throw badGateway(`The time-stamping authority's token does not verify: ${reason}`);
  }
  if (!verified.signatureVerified)
    throw badGateway("The time-stamping authority's token does not verify: its signature is wrong");
  const usage = verified.signerCertificate?.extensions?.find((extension) => extension.extnID === EXTENDED_KEY_USAGE)
    ?.parsedValue as pkijs.ExtKeyUsage | undefined;
  if (!usage?.keyPurposes.includes(TIME_STAMPING))
    throw badGateway("The time-stamping authority's token is signed by a certificate not made for time-stamping");
}

const same = (a: ArrayBuffer | Uint8Array, b: Uint8Array): boolean =>
  Buffer.from(new Uint8Array(a)).equals(Buffer.from(b));

/**
 * A request's nonce: 8 random bytes read as a positive INTEGER in its shortest DER form (first byte 1-127). A first
 * byte of 0 followed by one below 0x80 is padding DER forbids, and a strict authority (OpenSSL's among them) rejects
 * the whole request as badly formed: one request in 256 before this was so.
 */
export function freshNonce(): Buffer {
  const nonce = crypto.randomBytes(8);
  nonce[0] = 1 + (nonce[0] % 0x7f);
  return nonce;
}

/**
 * Asks the RFC 3161 time-stamping authority for a token over `data` (its SHA-256), with a fresh nonce and the
 * authority's certificate; checks that the token answers this request (imprint and nonce) and is the authority's own
 * (checkToken) and certifies a time within TSA_CLOCK_SKEW_MS of our clock, and returns it (DER) with that time. Basic authentication, when the authority needs it, goes in the URL (https://user:pass@...).
 * An authority that does not answer, refuses or answers another request fails with a 502 naming it.
 */
export async function requestTimestamp(
  authority: TimestampAuthority,
  data: Uint8Array,
): Promise<{ token: ArrayBuffer; time: Date }> {
  const digest = crypto.createHash('sha256').update(data).digest();
  const nonce = freshNonce();
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: sha256Algorithm(),
      hashedMessage: new asn1js.OctetString({ valueHex: digest }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  const url = new URL(authority.url);
  const headers: Record<string, string> = {
    'content-type': 'application/timestamp-query',
    accept: 'application/timestamp-reply',
  };
  if (url.username) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: Buffer.from(request.toSchema().toBER()),
      signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
    });
  } catch (error) {
    throw badGateway(
      `The time-stamping authority did not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!response.ok) throw badGateway(`The time-stamping authority answered HTTP ${response.status}`);
  const answer = await response.arrayBuffer();
  let reply: pkijs.TimeStampResp;
  try {
    reply = pkijs.TimeStampResp.fromBER(answer);
  } catch {
    throw badGateway('The time-stamping authority did not answer a timestamp (RFC 3161)');
  }
  if (!GRANTED.includes(reply.status.status) || !reply.timeStampToken) {
    throw badGateway(`The time-stamping authority refused the request (status ${reply.status.status})`);
  }
  const signed = new pkijs.SignedData({ schema: reply.timeStampToken.content });
  const info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent!.getValue());
  if (
    !same(info.messageImprint.hashedMessage.getValue(), digest) ||
    !info.nonce ||
    !same(info.nonce.valueBlock.valueHexView, nonce)
  ) {
    throw badGateway('The time-stamping authority answered a token for another request');
  }
  await checkToken(signed, data, trustedRoots(authority.ca));
  const now = Date.now();
  if (Math.abs(info.genTime.getTime() - now) > TSA_CLOCK_SKEW_MS) {
    throw badGateway(
      `The time-stamping authority's time (${info.genTime.toISOString()}) is more than ${TSA_CLOCK_SKEW_MS / 60_000} minutes from this server's clock (${new Date(now).toISOString()}): check both clocks`,
    );
  }
  return { token: reply.timeStampToken.toSchema().toBER(), time: info.genTime };
}

/**
 * Adds an RFC 3161 signature timestamp to a CMS (PKCS#7) signature: the authority's token over the signature value, as
 * the signer's unsigned attribute (what PAdES B-T asks of a PDF signature). The signed part is left as it was.
 */
export async function timestampSignature(cms: Uint8Array, authority: TimestampAuthority): Promise<Buffer> {
  const content = pkijs.ContentInfo.fromBER(cms);
  const signed = new pkijs.SignedData({ schema: content.content });
  const [signer] = signed.signerInfos;
  const { token } = await requestTimestamp(authority, new Uint8Array(signer.signature.getValue()));
  signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [new pkijs.Attribute({ type: SIGNATURE_TIMESTAMP_TOKEN, values: [asn1js.fromBER(token).result] })],
  });
  return Buffer.from(
    new pkijs.ContentInfo({ contentType: SIGNED_DATA, content: signed.toSchema(true) }).toSchema().toBER(),
  );
}

/** A PDF signer that has another signer sign, then has the signature timestamped by the authority. */
export class TimestampingSigner extends Signer {
  constructor(
    private readonly inner: Signer,
    private readonly authority: TimestampAuthority,
  ) {
    super();
  }

  async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    return timestampSignature(await this.inner.sign(pdfBuffer, signingTime), this.authority);
  }
}
