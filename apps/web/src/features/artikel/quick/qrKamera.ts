/*
 * The camera side of the QR scan: start the device camera (getUserMedia) and read QR codes from its frames, with
 * the browser's BarcodeDetector where it has one for QR codes, otherwise with jsQR (loaded only then).
 */

/** Why the camera is not there: permission refused, no camera (or no API), anything else. */
export type KameraFehler = "verweigert" | "keine" | "fehler";

/** What a failed getUserMedia means for the user. */
export function kameraFehlerArt(error: unknown): KameraFehler {
  const name = error !== null && typeof error === "object" ? (error as { name?: unknown }).name : undefined;
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError")
    return "verweigert";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError")
    return "keine";
  return "fehler";
}

/** Whether this browser can ask for a camera at all (secure context, mediaDevices). */
export function kameraMoeglich(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/** The back camera where there is one (phones), video only. */
export function starteKamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
}

export function stoppeKamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Reads one frame: the QR code's text, or null when the frame holds none. */
export type QrLeser = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorKlasse {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The largest frame side jsQR looks at: enough for a code held before the camera, and quick. */
const JSQR_MAX_SEITE = 640;

/** A reader for this browser: BarcodeDetector with qr_code, else jsQR on a scaled-down canvas copy of the frame. */
export async function erstelleQrLeser(): Promise<QrLeser> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorKlasse }).BarcodeDetector;
  if (Detector) {
    try {
      const formate = (await Detector.getSupportedFormats?.()) ?? [];
      if (formate.includes("qr_code")) {
        const detector = new Detector({ formats: ["qr_code"] });
        return async (video) => {
          const codes = await detector.detect(video);
          return codes.find((code) => code.rawValue.trim() !== "")?.rawValue ?? null;
        };
      }
    } catch {
      // Fall through to jsQR.
    }
  }
  const jsQR = (await import("jsqr")).default;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const breite = video.videoWidth;
    const hoehe = video.videoHeight;
    if (!context || breite === 0 || hoehe === 0) return null;
    const faktor = Math.min(1, JSQR_MAX_SEITE / Math.max(breite, hoehe));
    canvas.width = Math.round(breite * faktor);
    canvas.height = Math.round(hoehe * faktor);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const bild = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(bild.data, bild.width, bild.height, { inversionAttempts: "attemptBoth" });
    return code && code.data.trim() !== "" ? code.data : null;
  };
}
