export {
  type Beleg,
  type BelegEingabe,
  type Belegtyp,
  bereiteBelegVor,
  erstelleBeleg,
  type Kasse,
  letzterBelegAusgefallen,
  letzterZeitpunkt,
  type NullbelegZweck,
  type VorbereiteterBeleg,
} from "./beleg.ts";
export {
  type Betraege,
  centAusEuro,
  formatiereBetrag,
  KEINE_BETRAEGE,
  parseBetrag,
  summeCent,
} from "./betrag.ts";
export { type BelegCode, baueCode, zerlegeCode } from "./code.ts";
export {
  type DepExport,
  type DepGruppe,
  type EinrichtungsZertifikat,
  einrichtungsZertifikat,
  exportiereDep,
  type KryptoMaterialContainer,
  kryptoMaterialContainer,
  type SignaturschluesselEintrag,
} from "./dep.ts";
export {
  ATRUST_PRODUKTION,
  ATRUST_TESTSYSTEM,
  ATrustEinrichtung,
  type ATrustZugang,
} from "./einrichtung/atrust-einrichtung.ts";
export {
  type AusgefalleneEinrichtung,
  alsAusgefallen,
  type SignaturEinrichtung,
} from "./einrichtung/signatur-einrichtung.ts";
export {
  type NeueSoftwareEinrichtung,
  SoftwareEinrichtung,
  type SoftwareEinrichtungDaten,
} from "./einrichtung/software-einrichtung.ts";
export { RksvFehler, type RksvFehlerCode } from "./fehler.ts";
export {
  AUSFALL_SIGNATUR,
  baueAusfallJws,
  baueJws,
  JWS_HEADER,
  jwsAusQr,
  jwsSignaturEingabe,
  qrAusJws,
  verkettungswert,
  type ZerlegterJws,
  zerlegeJws,
} from "./jws.ts";
export {
  type PruefErgebnis,
  type PruefungBestanden,
  pruefeDep,
  type Verstoss,
  type VerstossCode,
} from "./pruefung.ts";
export {
  aesSchluesselPruefwert,
  entschluesseleUmsatzzaehler,
  erzeugeAesSchluessel,
  STORNO_MARKER,
  TRAINING_MARKER,
  umsatzzaehlerIv,
  verschluesseleUmsatzzaehler,
} from "./umsatzzaehler.ts";
export { istZeitpunkt, zeitpunktWien } from "./zeitpunkt.ts";
