import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import type { TUntergruppeEintrag, TWarengruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import {
  Alert,
  Badge,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../app/api.ts";
import { formatMoney } from "../../../components/format/format.ts";
import { ARTIKEL_KEY, artikelListeAus } from "./artikelQuick.api.ts";

export interface ArtikelDetailSucheModalProps {
  opened: boolean;
  onClose: () => void;
  /** Lendable articles only. */
  verleihbar?: boolean;
  onPick: (artikel: TArtikelZeile) => void;
}

type Gruppe = Pick<TWarengruppe, "id" | "warenGruppe" | "bezeichnung"> & { groups: TUntergruppeEintrag[] };

/** GET warengruppesall: the groups not deleted, each with its subgroups; rows that are not one are left out. */
function gruppenAus(body: unknown): Gruppe[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry) => {
    if (entry === null || typeof entry !== "object") return [];
    const row = entry as Record<string, unknown>;
    if (!Number.isInteger(row.id)) return [];
    const untergruppen = Array.isArray(row.groups) ? row.groups : [];
    return [
      {
        id: row.id as number,
        warenGruppe: typeof row.warenGruppe === "string" ? row.warenGruppe : "",
        bezeichnung: typeof row.bezeichnung === "string" ? row.bezeichnung : "",
        groups: untergruppen.flatMap((u: unknown) => {
          if (u === null || typeof u !== "object") return [];
          const ug = u as Record<string, unknown>;
          if (!Number.isInteger(ug.id)) return [];
          return [
            {
              id: ug.id as number,
              unterGruppe: typeof ug.unterGruppe === "string" ? ug.unterGruppe : "",
              bezeichnung: typeof ug.bezeichnung === "string" ? ug.bezeichnung : "",
            },
          ];
        }),
      },
    ];
  });
}

const codeName = (code: string, name: string) => [code, name].filter((part) => part !== "").join(" – ");

/**
 * SPEC §2 detail search: choose a goods group (GET warengruppesall, which brings each group's subgroups), then a
 * subgroup, then one of its articles (GET artikelsearch/{untergruppeId} → {artikelList}).
 */
export function ArtikelDetailSucheModal(props: ArtikelDetailSucheModalProps) {
  const { t } = useTranslation("artikelsuche");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("detail.title")} size="lg" centered>
      {props.opened && <DetailSucheInhalt {...props} />}
    </Modal>
  );
}

function DetailSucheInhalt({ verleihbar = false, onPick }: ArtikelDetailSucheModalProps) {
  const { t } = useTranslation("artikelsuche");
  const listeId = useId();
  const [warengruppeId, setWarengruppeId] = useState<string | null>(null);
  const [untergruppeId, setUntergruppeId] = useState<string | null>(null);

  const gruppen = useQuery({
    queryKey: ["warengruppe", "all"],
    queryFn: async ({ signal }) => gruppenAus(await api.get<unknown>("warengruppesall", { signal })),
    staleTime: 60_000,
  });
  const gruppe = gruppen.data?.find((g) => String(g.id) === warengruppeId) ?? null;

  const artikel = useQuery({
    queryKey: [ARTIKEL_KEY, "untergruppe", untergruppeId],
    queryFn: async ({ signal }) =>
      artikelListeAus(await api.get<unknown>(`artikelsearch/${untergruppeId}`, { signal })),
    enabled: untergruppeId !== null,
    staleTime: 10_000,
  });
  const zeilen = (artikel.data ?? []).filter((row) => !verleihbar || row.verleihbar);

  if (gruppen.isPending) return <Loader size="sm" aria-label={t("detail.laedt")} />;
  if (gruppen.isError)
    return (
      <Alert color="red" role="alert">
        {t("detail.fehler")}
      </Alert>
    );

  return (
    <Stack gap="sm">
      {gruppen.data.length === 0 && <Text c="dimmed">{t("detail.keineWarengruppen")}</Text>}
      <Group grow align="flex-start">
        <Select
          label={t("detail.warengruppe")}
          data={gruppen.data.map((g) => ({
            value: String(g.id),
            label: codeName(g.warenGruppe, g.bezeichnung),
          }))}
          value={warengruppeId}
          onChange={(value) => {
            setWarengruppeId(value);
            setUntergruppeId(null);
          }}
          searchable
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t("detail.untergruppe")}
          data={(gruppe?.groups ?? []).map((u) => ({
            value: String(u.id),
            label: codeName(u.unterGruppe, u.bezeichnung),
          }))}
          value={untergruppeId}
          onChange={setUntergruppeId}
          disabled={gruppe === null || gruppe.groups.length === 0}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {gruppe !== null && gruppe.groups.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("detail.keineUntergruppen")}
        </Text>
      )}
      {untergruppeId === null ? (
        gruppe?.groups.length !== 0 && (
          <Text size="sm" c="dimmed">
            {t("detail.waehlen")}
          </Text>
        )
      ) : artikel.isPending ? (
        <Loader size="sm" aria-label={t("detail.laedt")} />
      ) : artikel.isError ? (
        <Alert color="red" role="alert">
          {t("detail.fehler")}
        </Alert>
      ) : zeilen.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("detail.keineArtikel")}
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={listeId}>
            {t("detail.artikel")}
          </Text>
          <ScrollArea.Autosize mah={360}>
            <ul aria-labelledby={listeId} style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {zeilen.map((row) => (
                <li key={row.id}>
                  {/* A plain button row: Mantine's NavLink would pull its chunk out of the shell into every screen. */}
                  <UnstyledButton
                    type="button"
                    onClick={() => onPick(row)}
                    w="100%"
                    px="sm"
                    py={6}
                    style={{ borderRadius: "var(--mantine-radius-sm)" }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Stack gap={0}>
                        <Text size="sm">{row.artikelBezeichnung}</Text>
                        <Text size="xs" c="dimmed">
                          {[
                            row.artikelNummer ? t("suche.nummer", { nummer: row.artikelNummer }) : "",
                            formatMoney(row.preis),
                          ]
                            .filter((part) => part !== "")
                            .join(" · ")}
                        </Text>
                      </Stack>
                      {(row.geloescht || row.locked) && (
                        <Group gap={4} wrap="nowrap">
                          {row.geloescht && (
                            <Badge size="xs" variant="light" color="gray">
                              {t("suche.geloescht")}
                            </Badge>
                          )}
                          {row.locked && (
                            <Badge size="xs" variant="light" color="orange">
                              {t("suche.gesperrt")}
                            </Badge>
                          )}
                        </Group>
                      )}
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}
