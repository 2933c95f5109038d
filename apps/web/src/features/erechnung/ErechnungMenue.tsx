import { ERECHNUNG_FORMATE, type TErechnungFormat } from "@kontor/domain/erechnung/erechnung.codes";
import { Button, Loader, Menu, Modal, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { notifyFailure } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { kundeQuery } from "../beleg/beleg.api.ts";
import { type ApiRegel, ErechnungRegeln, regelnAus } from "./ErechnungRegeln.tsx";

interface FormatStatus {
  format: TErechnungFormat;
  ok: boolean;
  regeln: ApiRegel[];
}

/**
 * The document's e-invoice downloads (issue 19): one entry per format — XRechnung (UBL, CII), ZUGFeRD, Peppol,
 * ebInterface — checked when the menu opens (GET beleg/{id}/erechnung/pruefung). A format the document cannot
 * pass says so; choosing it shows the rules it breaks in the user's language, so the user knows what to add
 * (e.g. the Leitweg-ID at the customer, the phone number at the tenant). The customer's format comes first.
 */
export function ErechnungMenue({ belegId, kundeId }: { belegId: number; kundeId: number | null }) {
  const { t } = useTranslation("erechnung");
  const problemMessage = useProblemMessage();
  const navigate = useNavigate();
  const { href } = useLocation();
  const [offen, setOffen] = useState(false);
  const [laedt, setLaedt] = useState<TErechnungFormat | null>(null);
  const [fehler, setFehler] = useState<{ format: TErechnungFormat; regeln: ApiRegel[] } | null>(null);
  const status = useQuery({
    queryKey: ["beleg", "erechnung", belegId],
    queryFn: ({ signal }) => api.get<FormatStatus[]>(`beleg/${belegId}/erechnung/pruefung`, { signal }),
    enabled: offen,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const kunde = useQuery({ ...kundeQuery(kundeId ?? 0), enabled: offen && kundeId !== null });
  const kundenFormat = kunde.data?.eRechnungFormat ?? null;
  const formate = [...ERECHNUNG_FORMATE].sort(
    (a, b) => Number(b === kundenFormat) - Number(a === kundenFormat),
  );

  const herunterladen = async (format: TErechnungFormat) => {
    const stand = status.data?.find((s) => s.format === format);
    if (stand && !stand.ok) {
      setFehler({ format, regeln: stand.regeln });
      return;
    }
    setLaedt(format);
    try {
      const { blob, name } = await fetchDatei(`beleg/${belegId}/erechnung?format=${format}`, () => {
        void navigate({ to: "/login", search: { redirect: href }, replace: true, ignoreBlocker: true });
      });
      saveBlob(blob, name ?? `${format}.${format === "zugferd" ? "pdf" : "xml"}`);
    } catch (error) {
      const regeln = regelnAus(error);
      if (regeln.length > 0) setFehler({ format, regeln });
      else notifyFailure(problemMessage(error));
    } finally {
      setLaedt(null);
    }
  };

  return (
    <>
      <Menu position="bottom-start" shadow="md" opened={offen} onChange={setOffen}>
        <Menu.Target>
          <Button variant="default" loading={laedt !== null}>
            {t("menue.titel")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {status.isPending && (
            <Menu.Label>
              <Loader size="xs" /> {t("menue.pruefe")}
            </Menu.Label>
          )}
          {status.isError && <Menu.Label c="red">{problemMessage(status.error)}</Menu.Label>}
          {formate.map((format) => {
            const stand = status.data?.find((s) => s.format === format);
            return (
              <Menu.Item
                key={format}
                onClick={() => void herunterladen(format)}
                disabled={status.isPending}
                rightSection={
                  stand && !stand.ok ? (
                    <Text size="xs" c="red">
                      {t("menue.fehlt", { anzahl: stand.regeln.length })}
                    </Text>
                  ) : format === kundenFormat ? (
                    <Text size="xs" c="dimmed">
                      {t("menue.kunde")}
                    </Text>
                  ) : null
                }
              >
                {t(`formate.${format}`)}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={fehler !== null}
        onClose={() => setFehler(null)}
        title={fehler ? t("regeln.titel", { format: t(`formate.${fehler.format}`) }) : ""}
        size="lg"
      >
        <Stack gap="sm">
          <Text size="sm">{t("regeln.einleitung")}</Text>
          {fehler && <ErechnungRegeln regeln={fehler.regeln} />}
          <Button variant="default" onClick={() => setFehler(null)} style={{ alignSelf: "flex-end" }}>
            {t("regeln.schliessen")}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
