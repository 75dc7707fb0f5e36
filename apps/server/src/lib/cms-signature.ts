import { createHash, sign, type X509Certificate } from "node:crypto";
import forge from "node-forge";
import type { Pkcs12Contents } from "./pkcs12.ts";

/*
 * The CMS SignedData of the PDF seal (docs/rules/documents.md "Seal"): detached (the PDF's bytes
 * outside the signature are the content, never embedded), SHA-256, the signer's certificate and
 * the chain the PKCS#12 holds, and as signed attributes the content type, the message digest and
 * ESS signing-certificate-v2 (the SHA-256 of the signer's certificate): what PAdES baseline B-B asks
 * of a CAdES signature. The time is the PDF signature dictionary's /M; PAdES forbids signing-time
 * here. Built with forge's ASN.1 writer, signed by Node's crypto (RSA PKCS#1 v1.5 or ECDSA).
 */

const { asn1 } = forge;
type Node = forge.asn1.Asn1;

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
} as const;

const U = asn1.Class.UNIVERSAL;
const oid = (id: string) => asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const seq = (...items: Node[]) => asn1.create(U, asn1.Type.SEQUENCE, true, items);
const set = (items: Node[]) => asn1.create(U, asn1.Type.SET, true, items);
const nullNode = () => asn1.create(U, asn1.Type.NULL, false, "");
const integer = (n: number) => asn1.create(U, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const octets = (bytes: Buffer) => asn1.create(U, asn1.Type.OCTETSTRING, false, bytes.toString("binary"));
const tagged = (tag: number, items: Node[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, items);
const der = (node: Node) => Buffer.from(asn1.toDer(node).getBytes(), "binary");
const parse = (bytes: Buffer) => asn1.fromDer(forge.util.createBuffer(bytes.toString("binary")));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();

/** The issuer Name and serial INTEGER of a certificate, as its DER holds them. */
function issuerAndSerial(certificate: X509Certificate): { issuer: Node; serial: Node } {
  const tbs = (parse(certificate.raw).value as Node[])[0]!.value as Node[];
  // The version is an explicit [0] first, present in every v2/v3 certificate.
  const offset = tbs[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serial: tbs[offset]!, issuer: tbs[offset + 2]! };
}

const attribute = (type: string, value: Node) => seq(oid(type), set([value]));

/** DER sorts a SET OF by its elements' encodings; verifiers re-encode the signed attributes so. */
function derSorted(items: Node[]): Node[] {
  return items
    .map((node) => ({ node, bytes: der(node) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ node }) => node);
}

/** The CMS ContentInfo (DER) signing `content` with the PKCS#12's key, detached. */
export function cadesDetachedSignature(content: Uint8Array, signer: Pkcs12Contents): Buffer {
  const { certificate, chain, key } = signer;
  const { issuer, serial } = issuerAndSerial(certificate);
  const essCertIdV2 = seq(octets(sha256(certificate.raw)), seq(seq(tagged(4, [issuer])), serial));
  const signedAttributes = derSorted([
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(sha256(content))),
    attribute(OID.signingCertificateV2, seq(seq(essCertIdV2))),
  ]);
  // The signature covers the attributes encoded as a SET (RFC 5652 §5.4), not as the [0] they travel in.
  const ec = key.asymmetricKeyType === "ec";
  const signature = sign("sha256", der(set(signedAttributes)), key);
  const signerInfo = seq(
    integer(1),
    seq(issuer, serial),
    seq(oid(OID.sha256)),
    tagged(0, signedAttributes),
    ec ? seq(oid(OID.ecdsaWithSha256)) : seq(oid(OID.rsaEncryption), nullNode()),
    octets(signature),
  );
  const certificates = [certificate, ...chain].map((cert) => parse(cert.raw));
  const signedData = seq(
    integer(1),
    set([seq(oid(OID.sha256))]),
    seq(oid(OID.data)),
    tagged(0, certificates),
    set([signerInfo]),
  );
  return der(seq(oid(OID.signedData), tagged(0, [signedData])));
}
