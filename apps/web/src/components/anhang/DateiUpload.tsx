import { Alert, Button, FileButton, Group, Text } from "@mantine/core";
import { useState } from "react";
import { dateiAnfang } from "./pdf.ts";

/**
 * The upload head of an attachment tab (a record's PDFs, an article's images): the hint on the left, the upload
 * button on the right (not when read-only), and below them the files refused in the browser already, one a line.
 * Each picked file is checked (`pruefen`, by its first `anfangLaenge` bytes and how many this selection has
 * uploaded so far) and then uploaded on its own (`hochladen`; a failure is reported there, e.g. by a toast).
 * Renders two siblings for the caller's Stack.
 */
export function DateiUpload<C extends string>({
  hinweis,
  knopf,
  abgelehnt,
  accept,
  readOnly = false,
  laedt,
  deaktiviert,
  anfangLaenge,
  pruefen,
  fehlerText,
  hochladen,
}: {
  hinweis: string;
  /** The button's text. */
  knopf: string;
  /** The title of the refused files' alert. */
  abgelehnt: string;
  accept: string;
  readOnly?: boolean;
  laedt: boolean;
  deaktiviert: boolean;
  anfangLaenge?: number;
  pruefen: (datei: File, anfang: Uint8Array, hochgeladen: number) => C | null;
  fehlerText: (code: C, name: string) => string;
  hochladen: (datei: File) => Promise<unknown>;
}) {
  const [fehler, setFehler] = useState<string | null>(null);

  const waehlen = async (dateien: File[]) => {
    setFehler(null);
    let hochgeladen = 0;
    const fehlerListe: string[] = [];
    for (const datei of dateien) {
      const code = pruefen(datei, await dateiAnfang(datei, anfangLaenge), hochgeladen);
      if (code) {
        fehlerListe.push(fehlerText(code, datei.name));
        continue;
      }
      try {
        await hochladen(datei);
        hochgeladen++;
      } catch {
        // reported by the upload itself (the mutation's toast)
      }
    }
    if (fehlerListe.length > 0) setFehler(fehlerListe.join("\n"));
  };

  return (
    <>
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {hinweis}
        </Text>
        {!readOnly && (
          <FileButton onChange={(files) => void waehlen(files)} accept={accept} multiple>
            {(props) => (
              <Button {...props} variant="default" loading={laedt} disabled={deaktiviert}>
                {knopf}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {fehler && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFehler(null)} title={abgelehnt}>
          <Text size="sm" style={{ whiteSpace: "pre-line" }}>
            {fehler}
          </Text>
        </Alert>
      )}
    </>
  );
}
