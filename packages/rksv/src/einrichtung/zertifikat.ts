import { createHash, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A self-signed X.509 v3 certificate for an ECDSA P-256 key, written in DER by hand: the few ASN.1 types it needs
 * do not justify a certificate library. Node's `X509Certificate` reads it back (tests check that it verifies).
 */

function laenge(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, inhalt: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), laenge(inhalt.length), inhalt]);
}

const sequenz = (...teile: Buffer[]) => tlv(0x30, Buffer.concat(teile));
const menge = (...teile: Buffer[]) => tlv(0x31, Buffer.concat(teile));
const explizit = (nummer: number, inhalt: Buffer) => tlv(0xa0 | nummer, inhalt);
const oktette = (inhalt: Buffer) => tlv(0x04, inhalt);
const bits = (inhalt: Buffer, ungenutzt = 0) => tlv(0x03, Buffer.concat([Buffer.from([ungenutzt]), inhalt]));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, "utf8"));
const WAHR = tlv(0x01, Buffer.from([0xff]));

/** A non-negative INTEGER from its big-endian magnitude. */
function ganzzahl(betrag: Buffer): Buffer {
  let start = 0;
  while (start < betrag.length - 1 && betrag[start] === 0) start++;
  const kern = betrag.subarray(start);
  return tlv(0x02, kern[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), kern]) : kern);
}

function oid(punktiert: string): Buffer {
  const [a = 0, b = 0, ...rest] = punktiert.split(".").map(Number);
  const bytes = [40 * a + b];
  for (const bogen of rest) {
    const gruppe = [bogen & 0x7f];
    for (let r = Math.floor(bogen / 128); r > 0; r = Math.floor(r / 128)) gruppe.unshift((r & 0x7f) | 0x80);
    bytes.push(...gruppe);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime up to 2049, GeneralizedTime after (RFC 5280 4.1.2.5). */
function zeit(moment: Date): Buffer {
  const iso = moment.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const jahr = moment.getUTCFullYear();
  return jahr < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

const ECDSA_MIT_SHA256 = sequenz(oid("1.2.840.10045.4.3.2"));

function name(allgemeinerName: string, organisation?: string): Buffer {
  const attribute = [menge(sequenz(oid("2.5.4.3"), utf8(allgemeinerName)))];
  if (organisation) attribute.unshift(menge(sequenz(oid("2.5.4.10"), utf8(organisation))));
  return sequenz(...attribute);
}

function erweiterung(kennung: string, kritisch: boolean, wert: Buffer): Buffer {
  return kritisch ? sequenz(oid(kennung), WAHR, oktette(wert)) : sequenz(oid(kennung), oktette(wert));
}

/** 8 random bytes, the first in 0x10–0x7F: positive, and its hex text has no leading zero to lose. */
export function neueSeriennummer(): Buffer {
  const bytes = randomBytes(8);
  bytes[0] = 0x10 + (bytes[0]! % 0x70);
  return bytes;
}

export interface ZertifikatAngaben {
  seriennummer: Buffer;
  /** Subject and issuer CN. */
  name: string;
  organisation?: string;
  gueltigAb: Date;
  gueltigBis: Date;
}

export function selbstsigniertesZertifikat(
  angaben: ZertifikatAngaben,
  privaterSchluessel: KeyObject,
  oeffentlicherSchluessel: KeyObject,
): Buffer {
  const spki = oeffentlicherSchluessel.export({ type: "spki", format: "der" });
  // The subjectPublicKey bits are the SPKI's last 65 bytes (uncompressed P-256 point) — RFC 5280 4.2.1.2 method 1.
  const schluesselKennung = createHash("sha1")
    .update(spki.subarray(spki.length - 65))
    .digest();
  const aussteller = name(angaben.name, angaben.organisation);
  const tbs = sequenz(
    explizit(0, ganzzahl(Buffer.from([2]))),
    ganzzahl(angaben.seriennummer),
    ECDSA_MIT_SHA256,
    aussteller,
    sequenz(zeit(angaben.gueltigAb), zeit(angaben.gueltigBis)),
    aussteller,
    spki,
    explizit(
      3,
      sequenz(
        erweiterung("2.5.29.19", true, sequenz()),
        erweiterung("2.5.29.15", true, bits(Buffer.from([0x80]), 7)),
        erweiterung("2.5.29.14", false, oktette(schluesselKennung)),
      ),
    ),
  );
  const signatur = sign("sha256", tbs, privaterSchluessel);
  return sequenz(tbs, ECDSA_MIT_SHA256, bits(signatur));
}
