import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { isProduction } from '../../utils/env';
import type { SigningConfig } from '../../utils/portal-config';

/** A PKCS#12 file (certificate and private key) and its password; and the time-stamping authority seals ask, if any. */
export interface SealingCertificate {
  p12: Buffer;
  password: string;
  /** SIGNING_TSA_URL: an RFC 3161 time-stamping authority; empty: seals carry our own clock's time only. */
  tsaUrl?: string;
  /** SIGNING_TSA_CA: the roots the authority's certificate must chain to (PEM); empty (outside production only): any time-stamping certificate. */
  tsaCa?: string;
}

/** The password of the generated development certificate; it protects nothing of value. */
const DEVELOPMENT_PASSWORD = 'development';

/**
 * The certificate that seals completed agreements: SIGNING_CERT_P12 (a path to a .p12/.pfx file, or the file in
 * base64) with SIGNING_CERT_PASSWORD; without it, outside production, a self-signed development certificate made at
 * the first start (checkSealingCertificate) and kept in `devCertFile` so every start seals with the same one.
 * Production does not start without a real certificate (productionRefusals, utils/env.ts).
 */
export function sealingCertificate(config: SigningConfig): SealingCertificate {
  if (config.certP12) {
    const p12 = fs.existsSync(config.certP12) ? fs.readFileSync(config.certP12) : Buffer.from(config.certP12, 'base64');
    return { p12, password: config.certPassword, tsaUrl: config.tsaUrl, tsaCa: config.tsaCa };
  }
  if (isProduction())
    throw new Error('SIGNING_CERT_P12 (and SIGNING_CERT_PASSWORD) must be set in production to seal agreements');
  if (!fs.existsSync(config.devCertFile)) {
    fs.mkdirSync(path.dirname(config.devCertFile), { recursive: true });
    // Written aside and renamed: two processes starting at once each write a whole file, and either one wins.
    const partial = `${config.devCertFile}.${process.pid}.partial`;
    fs.writeFileSync(partial, developmentCertificate(), { mode: 0o600 });
    fs.renameSync(partial, config.devCertFile);
  }
  return {
    p12: fs.readFileSync(config.devCertFile),
    password: DEVELOPMENT_PASSWORD,
    tsaUrl: config.tsaUrl,
    tsaCa: config.tsaCa,
  };
}

/**
 * Checks at start-up that agreements can be sealed: makes the development certificate on the first start, and
 * opens the configured one with its password, so a wrong file or password stops the start instead of the first
 * countersignature.
 */
export function checkSealingCertificate(config: SigningConfig): void {
  const { p12, password } = sealingCertificate(config);
  try {
    forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), password);
  } catch (error) {
    throw new Error(
      `SIGNING_CERT_P12 cannot be opened with SIGNING_CERT_PASSWORD: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** A self-signed RSA-2048 certificate for document signing, valid ten years, as a PKCS#12 file. */
function developmentCertificate(): Buffer {
  // Node makes the key (native, fast); node-forge builds the certificate and the PKCS#12 around it.
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: 'Investor Portal development signing (not for production)' },
    { name: 'organizationName', value: 'Investor Portal' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', emailProtection: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], DEVELOPMENT_PASSWORD, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
