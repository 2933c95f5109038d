import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { dialogSubmit } from "../../../components/form/dialogSubmit.ts";
import { artikelSucheQuery } from "./artikelQuick.api.ts";
import {
  erstelleQrLeser,
  type KameraFehler,
  kameraFehlerArt,
  kameraMoeglich,
  starteKamera,
  stoppeKamera,
} from "./qrKamera.ts";

/** How often a camera frame is looked at. */
const SCAN_INTERVALL_MS = 250;

export interface QrScanModalProps {
  opened: boolean;
  onClose: () => void;
  /** Lendable articles only. */
  verleihbar?: boolean;
  /** Exactly one article has the scanned text. */
  onPick: (artikel: TArtikelZeile) => void;
  /** Several have it: show the search for the text with its hits. */
  onMehrere: (text: string) => void;
}

type Kamera = "startet" | "laeuft" | KameraFehler;
type Ergebnis = "sucht" | "nichtGefunden" | "fehler" | null;

/**
 * SPEC §2 QR scan: the device camera looks for a QR code (BarcodeDetector, or jsQR where the browser has none);
 * a text field takes the code typed or pasted (always there: without a camera, or when its use was refused). The
 * text is searched like the quick search: exactly one hit is chosen, several open the search list, none shows
 * 'Artikel nicht gefunden' and scanning goes on.
 */
export function QrScanModal(props: QrScanModalProps) {
  const { t } = useTranslation("artikelsuche");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("qr.title")} size="md" centered>
      {/* Mounted per opening: the camera runs only while the dialog is open. */}
      {props.opened && <QrScanInhalt {...props} />}
    </Modal>
  );
}

function QrScanInhalt({ onClose, verleihbar = false, onPick, onMehrere }: QrScanModalProps) {
  const { t } = useTranslation(["artikelsuche", "crud"]);
  const queryClient = useQueryClient();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [kamera, setKamera] = useState<Kamera>(() => (kameraMoeglich() ? "startet" : "keine"));
  const [ergebnis, setErgebnis] = useState<Ergebnis>(null);
  const [code, setCode] = useState("");
  // The scanner pauses while a text is searched; a code not found is not searched again and again.
  const beschaeftigt = useRef(false);
  const verfehlt = useRef<string | null>(null);

  const suche = async (text: string): Promise<boolean> => {
    const wert = text.trim();
    if (wert === "" || beschaeftigt.current) return false;
    beschaeftigt.current = true;
    setErgebnis("sucht");
    try {
      const zeilen = await queryClient.fetchQuery(artikelSucheQuery(wert, { verleihbar }));
      if (zeilen.length === 1) {
        onPick(zeilen[0]!);
        return true;
      }
      if (zeilen.length > 1) {
        onMehrere(wert);
        return true;
      }
      verfehlt.current = wert;
      setErgebnis("nichtGefunden");
      return false;
    } catch {
      setErgebnis("fehler");
      return false;
    } finally {
      beschaeftigt.current = false;
    }
  };
  const sucheRef = useRef(suche);
  sucheRef.current = suche;

  useEffect(() => {
    if (!kameraMoeglich()) return;
    let aus = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        stream = await starteKamera();
      } catch (error) {
        if (!aus) setKamera(kameraFehlerArt(error));
        return;
      }
      const video = videoRef.current;
      if (aus || !video) {
        stoppeKamera(stream);
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setKamera("laeuft");
      let lies: Awaited<ReturnType<typeof erstelleQrLeser>>;
      try {
        lies = await erstelleQrLeser();
      } catch {
        if (!aus) setKamera("fehler");
        return;
      }
      const runde = async () => {
        if (aus) return;
        if (!beschaeftigt.current) {
          const gelesen = await lies(video).catch(() => null);
          if (aus) return;
          if (gelesen !== null && gelesen.trim() !== verfehlt.current) {
            setCode(gelesen.trim());
            if (await sucheRef.current(gelesen)) return;
          }
        }
        timer = setTimeout(runde, SCAN_INTERVALL_MS);
      };
      void runde();
    })();
    return () => {
      aus = true;
      clearTimeout(timer);
      stoppeKamera(stream);
    };
  }, []);

  const kameraText: Record<Exclude<Kamera, "laeuft">, string> = {
    startet: t("qr.startet"),
    keine: t("qr.keineKamera"),
    verweigert: t("qr.verweigert"),
    fehler: t("qr.kameraFehler"),
  };
  const kameraAus = kamera === "keine" || kamera === "verweigert" || kamera === "fehler";

  return (
    <Stack gap="md">
      {!kameraAus && (
        <Box pos="relative" bg="dark.8" style={{ borderRadius: 8, overflow: "hidden", aspectRatio: "4 / 3" }}>
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label={t("qr.kamera")}
            style={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
          />
          {kamera === "startet" && (
            <Text c="white" size="sm" pos="absolute" top="45%" w="100%" ta="center">
              {kameraText.startet}
            </Text>
          )}
        </Box>
      )}
      {kamera === "laeuft" && (
        <Text size="sm" c="dimmed">
          {t("qr.hinweis")}
        </Text>
      )}
      {kameraAus && (
        <Alert color={kamera === "keine" ? "gray" : "orange"} role="alert">
          {kameraText[kamera]}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={dialogSubmit((event) => {
          event.preventDefault();
          verfehlt.current = null;
          void suche(code);
        })}
      >
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t("qr.code")}
            placeholder={t("qr.codeHinweis")}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              if (ergebnis === "nichtGefunden" || ergebnis === "fehler") setErgebnis(null);
            }}
            style={{ flex: 1 }}
            data-autofocus={kameraAus || undefined}
            autoComplete="off"
          />
          <Button type="submit" disabled={code.trim() === ""} loading={ergebnis === "sucht"}>
            {t("qr.suchen")}
          </Button>
        </Group>
      </form>
      <div aria-live="polite">
        {ergebnis === "nichtGefunden" && (
          <Text c="red" size="sm" role="status">
            {t("qr.nichtGefunden")}
          </Text>
        )}
        {ergebnis === "fehler" && (
          <Text c="red" size="sm" role="status">
            {t("qr.fehler")}
          </Text>
        )}
      </div>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("crud:action.close")}
        </Button>
      </Group>
    </Stack>
  );
}
