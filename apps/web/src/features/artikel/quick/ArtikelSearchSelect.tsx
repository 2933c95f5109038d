import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { ActionIcon, Tooltip } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ArtikelSucheAnstoss,
  ArtikelSucheFeld,
  type ArtikelSucheFeldProps,
} from "./ArtikelSucheFeld.tsx";

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

export interface ArtikelSearchSelectProps
  extends Omit<
    ArtikelSucheFeldProps,
    "onAnlegen" | "onNichtsGefunden" | "aktionen" | "aktionenAnzahl" | "anstoss"
  > {
  /** An article was picked (search, detail search, QR scan) or quick-created, or the choice was cleared (null). */
  onChange: (artikel: TArtikelZeile | null) => void;
  /** Offer "Neuen Artikel anlegen" when nothing is found (default true; pass false without artikelWrite). */
  allowCreate?: boolean;
  /** A button opening the detail search (goods group → subgroup → its articles). */
  withDetailSearch?: boolean;
  /** A button opening the QR scanner (camera, or the code typed in). */
  withQrScan?: boolean;
}

type Dialog = { art: "anlegen"; text: string } | { art: "detail" } | { art: "qr" } | null;

/**
 * SPEC §2 article quick search (ArtikelSucheFeld) with its dialogs: quick create when nothing is found (the typed
 * text as the name, or as the number when it looks like one), the detail search and the QR scan. Whatever they
 * find or create becomes the choice.
 */
export function ArtikelSearchSelect({
  allowCreate = true,
  withDetailSearch = false,
  withQrScan = false,
  ...feld
}: ArtikelSearchSelectProps) {
  const { t } = useTranslation("artikelsuche");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [anstoss, setAnstoss] = useState<ArtikelSucheAnstoss | null>(null);
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

  const aktionen = (
    <>
      {withDetailSearch && knopf("detail", t("suche.detailSuche"), <IconListSearch />)}
      {withQrScan && knopf("qr", t("suche.qrScan"), <IconQr />)}
    </>
  );

  return (
    <>
      <ArtikelSucheFeld
        {...feld}
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
            <ArtikelDetailSucheModal
              opened
              onClose={schliessen}
              verleihbar={feld.verleihbar}
              onPick={waehle}
            />
          )}
          {dialog.art === "qr" && (
            <QrScanModal
              opened
              onClose={schliessen}
              verleihbar={feld.verleihbar}
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
