import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { ActionIcon, Badge, Group, Text, Tooltip } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  EntitySearchField,
  type EntitySearchFieldBase,
  type SucheAnstoss,
} from "../../../components/search/EntitySearchField.tsx";
import { ARTIKEL_SUCHE_DEBOUNCE_MS, artikelSucheQuery } from "./artikelQuick.api.ts";

/*
 * The dialogs (quick create with its form and zod schema, detail search, QR scanner) load only when they are
 * wanted: this dropdown sits in list filters and document screens, whose chunks must stay small.
 */
const ladeQuickCreate = () => import("./ArtikelQuickCreateModal.tsx");
const ArtikelQuickCreateModal = lazy(async () => ({
  default: (await ladeQuickCreate()).ArtikelQuickCreateModal,
}));
const ArtikelDetailSucheModal = lazy(async () => ({
  default: (await import("./ArtikelDetailSucheModal.tsx")).ArtikelDetailSucheModal,
}));
const QrScanModal = lazy(async () => ({ default: (await import("./QrScanModal.tsx")).QrScanModal }));
// Warm the dialog's chunk as soon as it may be wanted, so a click on "Neuen Artikel anlegen" opens it at once.
const vorladen = () => void ladeQuickCreate();

export interface ArtikelSearchFieldProps
  extends Omit<EntitySearchFieldBase<TArtikelZeile>, "onAnlegen" | "onNichtsGefunden"> {
  /** An article was picked (search, detail search, QR scan) or quick-created, or the choice was cleared (null). */
  onChange: (artikel: TArtikelZeile | null) => void;
  /** Lendable articles only. */
  verleihbar?: boolean;
  /** Offer "Neuen Artikel anlegen" when nothing is found (default true; pass false without artikelWrite). */
  allowCreate?: boolean;
  /** A button opening the detail search (goods group → subgroup → its articles). */
  withDetailSearch?: boolean;
  /** A button opening the QR scanner (camera, or the code typed in). */
  withQrScan?: boolean;
}

type Dialog = { art: "anlegen"; text: string } | { art: "detail" } | { art: "qr" } | null;

/**
 * SPEC §2 article quick search: the entity search (EntitySearchField) over GET artikelsearch, 200 ms after the
 * last keystroke; each option shows the name, the number and "gelöscht" / "gesperrt" marks. Default label
 * "Artikel", placeholder SPEC §2 'Schnellsuche: Artikelbezeichnung oder Artikelnummer'. With its dialogs: quick
 * create when nothing is found (the typed text as the name, or as the number when it looks like one), the detail
 * search and the QR scan (several hits show as a search in the field). Whatever they find or create becomes the
 * choice.
 */
export function ArtikelSearchField({
  verleihbar = false,
  allowCreate = true,
  withDetailSearch = false,
  withQrScan = false,
  label,
  placeholder,
  ...feld
}: ArtikelSearchFieldProps) {
  const { t } = useTranslation("artikelsuche");
  const [dialog, setDialog] = useState<Dialog>(null);
  // A search started by a QR scan with several hits: the field shows it with its list open.
  const [anstoss, setAnstoss] = useState<SucheAnstoss | null>(null);
  const schliessen = () => setDialog(null);
  const waehle = (artikel: TArtikelZeile) => {
    setDialog(null);
    feld.onChange(artikel);
  };

  const knopf = (art: "detail" | "qr", titel: string, icon: ReactNode) => (
    <Tooltip label={titel} withArrow openDelay={400}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={26}
        aria-label={titel}
        disabled={feld.disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setDialog({ art })}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  const optionLabel = (row: TArtikelZeile) =>
    [
      row.artikelBezeichnung,
      row.artikelNummer ? t("suche.nummer", { nummer: row.artikelNummer }) : "",
      row.geloescht ? t("suche.geloescht") : "",
      row.locked ? t("suche.gesperrt") : "",
    ]
      .filter((part) => part !== "")
      .join(", ");

  const aktionen = (
    <>
      {withDetailSearch && knopf("detail", t("suche.detailSuche"), <IconListSearch />)}
      {withQrScan && knopf("qr", t("suche.qrScan"), <IconQr />)}
    </>
  );

  return (
    <>
      <EntitySearchField
        {...feld}
        query={(search) => artikelSucheQuery(search, { verleihbar })}
        debounceMs={ARTIKEL_SUCHE_DEBOUNCE_MS}
        name={(row) => row.artikelBezeichnung}
        optionLabel={optionLabel}
        texte={{
          label: label ?? t("suche.label"),
          placeholder: placeholder ?? t("suche.placeholder"),
          laedt: t("suche.laedt"),
          fehler: t("suche.fehler"),
          leer: t("suche.leer"),
          neu: t("suche.neu"),
          entfernen: t("suche.entfernen"),
        }}
        renderOption={(row) => (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" truncate style={{ minWidth: 0 }} c={row.geloescht ? "dimmed" : undefined}>
              {row.artikelBezeichnung}
            </Text>
            <Group gap={6} wrap="nowrap">
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
              <Text size="xs" c="dimmed">
                {row.artikelNummer}
              </Text>
            </Group>
          </Group>
        )}
        onAnlegen={allowCreate ? (text) => setDialog({ art: "anlegen", text }) : undefined}
        onNichtsGefunden={allowCreate ? vorladen : undefined}
        aktionen={aktionen}
        aktionenAnzahl={Number(withDetailSearch) + Number(withQrScan)}
        anstoss={anstoss}
      />
      {dialog !== null && (
        <Suspense fallback={null}>
          {dialog.art === "anlegen" && (
            <ArtikelQuickCreateModal
              opened
              onClose={schliessen}
              initialText={dialog.text}
              onCreated={(artikel) => feld.onChange(artikel)}
            />
          )}
          {dialog.art === "detail" && (
            <ArtikelDetailSucheModal opened onClose={schliessen} verleihbar={verleihbar} onPick={waehle} />
          )}
          {dialog.art === "qr" && (
            <QrScanModal
              opened
              onClose={schliessen}
              verleihbar={verleihbar}
              onPick={waehle}
              onMehrere={(text) => {
                setDialog(null);
                setAnstoss((vorher) => ({ text, nr: (vorher?.nr ?? 0) + 1 }));
              }}
            />
          )}
        </Suspense>
      )}
    </>
  );
}

function SvgIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** A list with a magnifier: the detail search. */
const IconListSearch = () => (
  <SvgIcon>
    <path d="M4 6h10M4 12h6M4 18h6" />
    <circle cx="16.5" cy="15.5" r="3.5" />
    <path d="M19 18l2.5 2.5" />
  </SvgIcon>
);

/** A QR code's finder squares. */
const IconQr = () => (
  <SvgIcon>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <path d="M14 14h3v3M21 14v.01M17 21h4v-4M14 18v3" />
  </SvgIcon>
);
