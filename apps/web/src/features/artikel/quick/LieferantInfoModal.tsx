import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import type { TKunde } from "@kontor/domain/kunde/kunde.schema";
import { Alert, Anchor, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../app/api.ts";
import { BASEPATH } from "../../../app/paths.ts";

export interface LieferantInfoModalProps {
  /** The supplier (a customer record flagged lieferant) shown; null = closed. */
  lieferantId: number | null;
  onClose: () => void;
}

/** The supplier's edit screen (the customer screen: SPEC §2 /kunde/{slug}). */
export const lieferantPfad = (id: number) => `/kunde/${id}`;

/** "Hauptstraße 1, 1010 Wien, AT" of the billing address; "" without one. */
export function adresseText(kunde: Partial<TKunde>): string {
  const adresse = kunde.adresseLists?.[0];
  if (!adresse) return "";
  const teile = (...werte: (string | null | undefined)[]) =>
    werte
      .map((wert) => wert?.trim() ?? "")
      .filter((wert) => wert !== "")
      .join(" ");
  return [teile(adresse.strasse, adresse.hausNummer), teile(adresse.plz, adresse.ort), adresse.land ?? ""]
    .filter((teil) => teil !== "")
    .join(", ");
}

function Feld({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === "" || children === null || children === undefined ? "–" : children}
      </Text>
    </div>
  );
}

/**
 * SPEC §2 supplier info: the supplier's name, number, billing address, e-mail, phone and VAT id (GET kundes/{id}),
 * read-only, with a link to the supplier's own screen.
 */
export function LieferantInfoModal({ lieferantId, onClose }: LieferantInfoModalProps) {
  const { t } = useTranslation("artikelsuche");
  return (
    <Modal opened={lieferantId !== null} onClose={onClose} title={t("lieferant.title")} size="md" centered>
      {lieferantId !== null && <LieferantInhalt id={lieferantId} onClose={onClose} />}
    </Modal>
  );
}

function LieferantInhalt({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation(["artikelsuche", "crud"]);
  // Outside a router (tests, a harness) the link is a plain one.
  const router = useRouter({ warn: false });
  const kunde = useQuery({
    queryKey: ["kunde", "info", id],
    queryFn: ({ signal }) => api.get<Partial<TKunde> | null>(`kundes/${id}`, { signal }),
    staleTime: 10_000,
  });
  const pfad = lieferantPfad(id);

  const knoepfe = (
    <Group justify="space-between">
      <Anchor
        href={`${BASEPATH}${pfad}`}
        size="sm"
        onClick={(event) => {
          if (!router || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
          event.preventDefault();
          onClose();
          void router.navigate({ to: pfad });
        }}
      >
        {t("lieferant.oeffnen")}
      </Anchor>
      <Button variant="default" onClick={onClose} data-autofocus>
        {t("crud:action.close")}
      </Button>
    </Group>
  );

  if (kunde.isPending)
    return (
      <Stack>
        <Loader size="sm" aria-label={t("lieferant.laedt")} />
        {knoepfe}
      </Stack>
    );
  if (kunde.isError || !kunde.data)
    return (
      <Stack>
        <Alert color="red" role="alert">
          {t("lieferant.fehler")}
        </Alert>
        {knoepfe}
      </Stack>
    );

  const k = kunde.data;
  const name = anzeigename(k, i18n.resolvedLanguage === "en" ? "en" : "de") || (k.bezeichnung ?? "");
  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <Feld label={t("lieferant.name")}>{name}</Feld>
        <Feld label={t("lieferant.nummer")}>{k.kundenNummer ?? ""}</Feld>
        <Feld label={t("lieferant.adresse")}>{adresseText(k)}</Feld>
        <Feld label={t("lieferant.uid")}>{k.uid ?? ""}</Feld>
        <Feld label={t("lieferant.email")}>
          {k.email ? <Anchor href={`mailto:${k.email}`}>{k.email}</Anchor> : ""}
        </Feld>
        <Feld label={t("lieferant.telnr")}>
          {k.telnr ? <Anchor href={`tel:${k.telnr.replace(/\s+/g, "")}`}>{k.telnr}</Anchor> : ""}
        </Feld>
      </SimpleGrid>
      {knoepfe}
    </Stack>
  );
}
