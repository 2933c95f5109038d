/**
 * A signature creation device (Signaturerstellungseinheit) of suite R1: ECDSA P-256 over the JWS signing input.
 * The engine knows only this interface; the software key, the A-Trust online service or a card all look alike.
 */
export interface SignaturEinrichtung {
  /** The trust service provider in the code's suite `R1-<zda>`: `AT0` for a closed system. */
  readonly zda: string;
  /** The Zertifikat-Seriennummer field of the code, exactly as the certificate map of the Prüftool names it. */
  readonly zertifikatSeriennummer: string;
  /** The signing certificate, DER. */
  zertifikat(): Promise<Buffer>;
  /** The certificates of the issuing CAs, DER (the DEP group's Zertifizierungsstellen); empty for self-signed. */
  zertifizierungsstellen(): Promise<Buffer[]>;
  /**
   * Signs the receipt's machine-readable code as JWS (ES256 over `eyJhbGciOiJFUzI1NiJ9.<base64url(code)>`) and
   * gives the signature R ‖ S, 64 bytes. Throws when the device cannot sign; the engine then makes the receipt
   * with "Sicherheitseinrichtung ausgefallen".
   */
  signiere(maschinenlesbarerCode: string): Promise<Buffer>;
}

/**
 * A device known to have failed: the receipt names it (suite and serial) but carries no signature. The engine
 * makes this itself when `signiere` throws; the caller passes one when the device is known to be out (§ 17 (4)).
 */
export interface AusgefalleneEinrichtung {
  readonly ausgefallen: true;
  readonly zda: string;
  readonly zertifikatSeriennummer: string;
}

export function alsAusgefallen(einrichtung: Pick<SignaturEinrichtung, "zda" | "zertifikatSeriennummer">) {
  return {
    ausgefallen: true,
    zda: einrichtung.zda,
    zertifikatSeriennummer: einrichtung.zertifikatSeriennummer,
  } satisfies AusgefalleneEinrichtung;
}

export function istAusgefallen(
  einrichtung: SignaturEinrichtung | AusgefalleneEinrichtung,
): einrichtung is AusgefalleneEinrichtung {
  return "ausgefallen" in einrichtung && einrichtung.ausgefallen === true;
}
