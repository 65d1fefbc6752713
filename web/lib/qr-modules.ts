// The QR code of the MFA set-up link (an otpauth:// URI of about 150 bytes), as dark and
// light modules with the standard's four-module quiet zone. The encoder is Paul Miller's `qr`
// package, imported here on demand so that only the set-up step ever downloads it.

/** Rows of modules, true for dark, quiet zone included; error correction level M. */
export async function qrModules(text: string): Promise<boolean[][]> {
  const { encodeQR } = await import('qr');
  return encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
}
