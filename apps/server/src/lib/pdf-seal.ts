import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { PDFDocument } from "pdf-lib";
import { cadesDetachedSignature } from "./cms-signature.ts";
import { openPkcs12, type Pkcs12Contents } from "./pkcs12.ts";

/*
 * The school's seal on a final signed PDF (docs/rules/documents.md "Seal"): a PAdES signature
 * (SubFilter ETSI.CAdES.detached) over the whole file as drawn, so a PDF reader shows it valid and
 * any change to the bytes breaks it. @signpdf adds the signature dictionary with a placeholder
 * (through pdf-lib), computes the ByteRange around it and puts our CMS in; the CMS is ours
 * (cms-signature.ts) for the signing-certificate-v2 attribute @signpdf's own signer lacks.
 */

/** Room for the CMS in the placeholder, in bytes: a signer's certificate and a chain of a few more. */
const SIGNATURE_BYTES = 16_384;

class CadesSigner extends Signer {
  constructor(private readonly contents: Pkcs12Contents) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesDetachedSignature(pdfBuffer, this.contents);
  }
}

export interface SealInput {
  pdf: Uint8Array;
  pkcs12: Uint8Array;
  password: string;
  /** Shown by readers in the signature's panel. */
  reason: string;
  name: string;
  location: string;
  /** Where to check it: the public checker's address. */
  contactInfo?: string;
  signingTime: Date;
}

/** The PDF with the school's seal; throws Pkcs12Error when the certificate does not open. */
export async function sealPdf(input: SealInput): Promise<Uint8Array> {
  const contents = openPkcs12(input.pkcs12, input.password);
  const pdfDoc = await PDFDocument.load(input.pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc,
    reason: input.reason,
    contactInfo: input.contactInfo ?? "",
    name: input.name,
    location: input.location,
    signingTime: input.signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  // @signpdf finds the placeholder by scanning the bytes: no object streams to hide it in.
  const withPlaceholder = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  return new Uint8Array(await new SignPdf().sign(withPlaceholder, new CadesSigner(contents), input.signingTime));
}
