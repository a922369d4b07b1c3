import crypto from 'node:crypto';
import forge from 'node-forge';

const { asn1 } = forge;
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';

export interface SealCheck {
  valid: boolean;
  reason?: string;
  /** The sealing certificate's common name. */
  signer?: string;
}

const invalid = (reason: string): SealCheck => ({ valid: false, reason });

/**
 * Verifies a PDF's (last) digital signature the way a PDF reader does for a detached PKCS#7 seal: the byte ranges cover
 * the whole file but the signature itself, their SHA-256 is the signed messageDigest attribute, and the signed
 * attributes verify with the certificate's public key. Written with node-forge's ASN.1 reader and Node's crypto.
 */
export function verifySealedPdf(pdf: Buffer): SealCheck {
  const ranges = [...pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = ranges.at(-1);
  if (!last) return invalid('no signature (ByteRange) in the file');
  const [start, firstLength, second, secondLength] = last.slice(1, 5).map(Number);
  if (start !== 0 || second + secondLength !== pdf.length || firstLength >= second)
    return invalid('the signature does not cover the whole file');
  const hex = pdf.subarray(firstLength, second).toString('latin1').replace(/^</, '').replace(/>$/, '');
  if (!/^[0-9a-fA-F]+$/.test(hex)) return invalid('the signature is not hex');

  const der = forge.util.hexToBytes(hex);
  // node-forge takes an options object here (its typings still say boolean): the hex is padded with zeros after the DER.
  const contentInfo = asn1.fromDer(forge.util.createBuffer(der), { parseAllBytes: false } as never);
  const signedData = (contentInfo.value as forge.asn1.Asn1[])[1].value[0] as forge.asn1.Asn1;
  const parts = signedData.value as forge.asn1.Asn1[];
  const certificates = parts.find((part) => part.tagClass === asn1.Class.CONTEXT_SPECIFIC && part.type === 0);
  const signerInfos = parts.at(-1) as forge.asn1.Asn1;
  if (!certificates) return invalid('no certificate in the signature');
  const certificate = forge.pki.certificateFromAsn1((certificates.value as forge.asn1.Asn1[])[0]);
  const signerInfo = (signerInfos.value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
  const attributes = signerInfo.find((part) => part.tagClass === asn1.Class.CONTEXT_SPECIFIC && part.type === 0);
  const signature = signerInfo.find(
    (part) => part.tagClass === asn1.Class.UNIVERSAL && part.type === asn1.Type.OCTETSTRING,
  );
  if (!attributes || !signature) return invalid('no signed attributes');

  let signedDigest: string | undefined;
  for (const attribute of attributes.value as forge.asn1.Asn1[]) {
    const [oid, values] = attribute.value as forge.asn1.Asn1[];
    if (asn1.derToOid(oid.value as string) === MESSAGE_DIGEST)
      signedDigest = forge.util.bytesToHex((values.value as forge.asn1.Asn1[])[0].value as string);
  }
  const contentDigest = crypto
    .createHash('sha256')
    .update(pdf.subarray(start, start + firstLength))
    .update(pdf.subarray(second, second + secondLength))
    .digest('hex');
  if (signedDigest !== contentDigest)
    return invalid('the document was changed after it was signed (message digest differs)');

  // The signature is over the signed attributes DER-encoded as a SET (RFC 5652, 5.4).
  const attributeSet = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, attributes.value as forge.asn1.Asn1[]);
  const md = forge.md.sha256.create();
  md.update(asn1.toDer(attributeSet).getBytes());
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  if (!publicKey.verify(md.digest().bytes(), signature.value as string))
    return invalid('the signature does not verify with the certificate');
  return { valid: true, signer: String(certificate.subject.getField('CN')?.value ?? '') };
}
