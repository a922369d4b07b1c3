import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import { Signer } from '@signpdf/utils';
import type { SealingCertificate } from './certificate';

const SHA256 = '2.16.840.1.101.3.4.2.1';
const RSA = '1.2.840.113549.1.1.1';
const DATA = '1.2.840.113549.1.7.1';
/** The content type of a CMS signature (SignedData), the seal's and a timestamp token's. */
export const SIGNED_DATA = '1.2.840.113549.1.7.2';
const CONTENT_TYPE = '1.2.840.113549.1.9.3';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
/** id-aa-signingCertificateV2 (RFC 5035): binds the signature to its certificate, as CAdES and PAdES require. */
const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

/** SHA-256 as CMS names it (with NULL parameters, as most readers expect). */
export const sha256Algorithm = () =>
  new pkijs.AlgorithmIdentifier({ algorithmId: SHA256, algorithmParams: new asn1js.Null() });
const derOf = (certificate: forge.pki.Certificate): Buffer =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');

/** The key of a PKCS#12 file and its certificate (the one whose public key matches), with the rest of the chain. */
function openP12({ p12, password }: SealingCertificate): {
  key: crypto.KeyObject;
  certificate: Buffer;
  chain: Buffer[];
} {
  const bags = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), password);
  const keyBag =
    bags.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ??
    bags.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('The sealing certificate (PKCS#12) holds no RSA private key');
  const certificates = (bags.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap(
    (bag) => (bag.cert ? [bag.cert] : []),
  );
  const own = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.compareTo(key.n) === 0 && publicKey.e?.compareTo(key.e) === 0;
  });
  if (!own) throw new Error('The sealing certificate (PKCS#12) holds no certificate for its private key');
  return {
    key: crypto.createPrivateKey(forge.pki.privateKeyToPem(key)),
    certificate: derOf(own),
    chain: certificates.filter((certificate) => certificate !== own).map(derOf),
  };
}

/**
 * A PDF signer that writes a CAdES signature (ETSI.CAdES.detached, PAdES baseline B-B): signed attributes content type,
 * message digest (SHA-256 of the PDF's signed ranges) and the signing certificate's hash (signingCertificateV2), no
 * signing-time attribute (PAdES takes the claimed time from the signature dictionary's /M), RSA with SHA-256; the
 * certificate and its chain included. Built with PKI.js; the key and certificates are read from the PKCS#12 file
 * with node-forge and the signature is made by Node's crypto.
 */
export class PadesSigner extends Signer {
  constructor(private readonly seal: SealingCertificate) {
    super();
  }

  async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const { key, certificate, chain } = openP12(this.seal);
    const own = pkijs.Certificate.fromBER(certificate);
    const digest = crypto.createHash('sha256').update(pdfBuffer).digest();
    const certificateHash = crypto.createHash('sha256').update(certificate).digest();
    const attributes = [
      new pkijs.Attribute({ type: CONTENT_TYPE, values: [new asn1js.ObjectIdentifier({ value: DATA })] }),
      new pkijs.Attribute({ type: MESSAGE_DIGEST, values: [new asn1js.OctetString({ valueHex: digest })] }),
      // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 ::= SEQUENCE { certHash } (SHA-256 by default).
      new pkijs.Attribute({
        type: SIGNING_CERTIFICATE_V2,
        values: [
          new asn1js.Sequence({
            value: [
              new asn1js.Sequence({
                value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certificateHash })] })],
              }),
            ],
          }),
        ],
      }),
    ];
    // DER orders a SET OF by the encodings; the signature is over the attributes encoded as that SET.
    attributes.sort((a, b) => Buffer.compare(Buffer.from(a.toSchema().toBER()), Buffer.from(b.toSchema().toBER())));
    const signedSet = Buffer.from(
      new asn1js.Set({ value: attributes.map((attribute) => attribute.toSchema()) }).toBER(),
    );
    const signature = crypto.sign('sha256', signedSet, key);

    const signed = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: DATA }),
      digestAlgorithms: [sha256Algorithm()],
      certificates: [own, ...chain.map((der) => pkijs.Certificate.fromBER(der))],
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: own.issuer, serialNumber: own.serialNumber }),
          digestAlgorithm: sha256Algorithm(),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
          signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: RSA, algorithmParams: new asn1js.Null() }),
          signature: new asn1js.OctetString({ valueHex: signature }),
        }),
      ],
    });
    return Buffer.from(
      new pkijs.ContentInfo({ contentType: SIGNED_DATA, content: signed.toSchema(true) }).toSchema().toBER(),
    );
  }
}
