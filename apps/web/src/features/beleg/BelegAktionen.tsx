import {
  BELEGS_TYPEN,
  bearbeitbar,
  stornierbar,
  type TBelegsTyp,
  umwandelbar,
} from "@kontor/domain/beleg/beleg.codes";
import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { ERECHNUNG_TYPEN } from "@kontor/domain/erechnung/erechnung.codes";
import { Alert, Anchor, Button, Group, List, Menu } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { BelegPdfKnoepfe } from "./BelegPdf.tsx";
import { freigeben, loeschen, saveBeleg, stornieren, umwandeln } from "./beleg.api.ts";
import { type BelegValues, belegFromForm } from "./beleg.form.ts";
import { feldLabel, pflichtOrt } from "./beleg.labels.ts";
import { BELEG_LIST_PATH, belegEditPath, belegKeys } from "./beleg.resource.ts";

const LieferungDialog = lazy(async () => ({
  default: (await import("./LieferungDialog.tsx")).LieferungDialog,
}));
const BelegMailDialog = lazy(async () => ({
  default: (await import("./BelegMailDialog.tsx")).BelegMailDialog,
}));
const ErechnungMenue = lazy(async () => ({
  default: (await import("../erechnung/ErechnungMenue.tsx")).ErechnungMenue,
}));
const BelegLinkDialog = lazy(async () => ({
  default: (await import("../beleglink/BelegLinkDialog.tsx")).BelegLinkDialog,
}));

/** The problem code of a finalization that lacks legal contents of an invoice. */
export const PFLICHTANGABEN = "error.pflichtangaben";

/** What the action bar needs of the edit controller. */
export interface AktionenEdit {
  values: BelegValues;
  dirty: boolean;
  /** The save rules allow saving. */
  speicherbar: boolean;
  uebernehmen: (saved: TBeleg) => void;
  zeigeFeld: (path: string) => void;
}

/**
 * The document's actions (SPEC §4) for a stored one, each asking first where it cannot be undone: finalize (saves
 * what is typed first; a refusal lists each missing legal content and points at it), storno (then opens the
 * cancellation), duplicate (an unsaved copy), convert into the types the sales chain allows, ship (partial
 * delivery), share a finalized one by a public link (issue 16), delete a draft.
 */
export function BelegAktionen({
  record,
  edit,
  schreiben,
}: {
  record: TBeleg & { id: number };
  edit: AktionenEdit;
  /** The user may create and change documents (belegListCreate). */
  schreiben: boolean;
}) {
  const { t } = useTranslation(["beleg", "crud"]);
  const tb = t as unknown as TFunction<"beleg">;
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [laeuft, setLaeuft] = useState<string | null>(null);
  const [fehlend, setFehlend] = useState<string[] | null>(null);
  const [liefern, setLiefern] = useState(false);
  const [mailen, setMailen] = useState(false);
  const [teilen, setTeilen] = useState(false);
  const access = useShellAccess();
  const entwurf = bearbeitbar(record);
  // Send by mail: a finalized document, the tenant's module mailversand, and the account allows it (settings).
  const kannMailen = !entwurf && access.can("belegMail") && access.account?.enablemailtransfer === true;
  // E-invoices (issue 19): finalized invoices, credit notes, cancellations and cash invoices.
  const erechnungMoeglich =
    record.freigabe && (ERECHNUNG_TYPEN as readonly string[]).includes(record.belegsTyp);
  const name = record.belegNummer ?? tb(`typ.${record.belegsTyp}`);

  const oeffnen = (beleg: TBeleg) => {
    if (beleg.id === undefined) return;
    queryClient.setQueryData(belegKeys.detail(beleg.id), beleg);
    void navigate({ to: belegEditPath(beleg.id), ignoreBlocker: true });
  };

  const ausfuehren = async (art: string, aktion: () => Promise<void>, fehlerTitel: string) => {
    setLaeuft(art);
    try {
      await aktion();
    } catch (error) {
      notifyFailure(fehlerTitel, problemMessage(error));
    } finally {
      setLaeuft(null);
    }
  };

  const finalisieren = async () => {
    const ok = await confirm({
      title: tb("aktion.freigabeTitel"),
      message: tb("aktion.freigabeText", { typ: tb(`typ.${record.belegsTyp}`) }),
      confirmLabel: tb("aktion.freigabe"),
    });
    if (!ok) return;
    setFehlend(null);
    await ausfuehren(
      "freigabe",
      async () => {
        if (edit.dirty) edit.uebernehmen(await saveBeleg(belegFromForm(edit.values)));
        try {
          const fertig = await freigeben(record.id);
          edit.uebernehmen(fertig);
          void queryClient.invalidateQueries({ queryKey: belegKeys.all });
          notifySuccess(tb("aktion.freigegeben", { nummer: fertig.belegNummer ?? "" }));
        } catch (error) {
          if (isApiError(error) && error.code === PFLICHTANGABEN && error.fieldErrors.length > 0) {
            setFehlend(error.fieldErrors.map((fehler) => fehler.field));
            return;
          }
          throw error;
        }
      },
      tb("aktion.freigabeFehler"),
    );
  };

  const storno = async () => {
    const ok = await confirm({
      title: tb("aktion.stornoTitel"),
      message: tb("aktion.stornoText", { name }),
      confirmLabel: tb("aktion.storno"),
      danger: true,
    });
    if (!ok) return;
    await ausfuehren(
      "storno",
      async () => {
        const neu = await stornieren(record.id);
        void queryClient.invalidateQueries({ queryKey: belegKeys.all });
        notifySuccess(tb("aktion.storniert", { nummer: neu.belegNummer ?? "" }));
        oeffnen(neu);
      },
      tb("aktion.stornoFehler"),
    );
  };

  const wandeln = async (typ: TBelegsTyp) => {
    const ok = await confirm({
      title: tb("aktion.umwandelnTitel", { typ: tb(`typ.${typ}`) }),
      message: tb("aktion.umwandelnText", { name, typ: tb(`typ.${typ}`) }),
      confirmLabel: tb("aktion.umwandelnBestaetigen"),
    });
    if (!ok) return;
    await ausfuehren(
      "umwandeln",
      async () => {
        const neu = await umwandeln(record.id, typ);
        void queryClient.invalidateQueries({ queryKey: belegKeys.all });
        notifySuccess(tb("aktion.umgewandelt", { typ: tb(`typ.${typ}`) }));
        oeffnen(neu);
      },
      tb("aktion.umwandelnFehler"),
    );
  };

  const entfernen = async () => {
    const ok = await confirm({
      title: t("crud:confirm.deleteTitle"),
      message: tb("aktion.loeschenText"),
      confirmLabel: t("crud:confirm.delete"),
      danger: true,
    });
    if (!ok) return;
    await ausfuehren(
      "loeschen",
      async () => {
        await loeschen(record.id);
        queryClient.removeQueries({ queryKey: belegKeys.detail(record.id) });
        void queryClient.invalidateQueries({ queryKey: belegKeys.all });
        notifySuccess(t("crud:toast.deleted"));
        void navigate({ to: BELEG_LIST_PATH as string, ignoreBlocker: true });
      },
      t("crud:toast.deleteFailed"),
    );
  };

  // Storno has its own button; the other conversions are offered in the menu.
  const ziele = BELEGS_TYPEN.filter((typ) => typ !== "storno" && umwandelbar(record, typ));
  const kannLiefern = umwandelbar(record, "lieferschein");
  const nummerVon = (index: number) => edit.values.belegspositionSet[index]?.positionsNummer;

  return (
    <>
      <Group gap="sm" wrap="wrap" aria-label={tb("aktion.leiste")} role="toolbar">
        {entwurf && schreiben && (
          <Button onClick={finalisieren} loading={laeuft === "freigabe"} disabled={!edit.speicherbar}>
            {tb("aktion.freigabe")}
          </Button>
        )}
        {stornierbar(record) && schreiben && (
          <Button color="red" variant="light" onClick={storno} loading={laeuft === "storno"}>
            {tb("aktion.storno")}
          </Button>
        )}
        {schreiben && record.belegsTyp !== "storno" && (
          <Button variant="default" component={Link} to={belegEditPath(record.id, { duplicate: true })}>
            {tb("aktion.duplizieren")}
          </Button>
        )}
        {schreiben && ziele.length > 0 && (
          <Menu position="bottom-start" shadow="md">
            <Menu.Target>
              <Button variant="default" loading={laeuft === "umwandeln"}>
                {tb("aktion.umwandeln")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {ziele.map((typ) => (
                <Menu.Item key={typ} onClick={() => void wandeln(typ)}>
                  {tb(`typ.${typ}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {schreiben && kannLiefern && (
          <Button variant="default" onClick={() => setLiefern(true)} disabled={edit.dirty}>
            {tb("aktion.liefern")}
          </Button>
        )}
        <BelegPdfKnoepfe
          belegId={record.id}
          name={`${tb(`typ.${record.belegsTyp}`)} ${record.belegNummer ?? ""}`.trim()}
          dirty={edit.dirty}
        />
        {erechnungMoeglich && (
          <Suspense fallback={null}>
            <ErechnungMenue belegId={record.id} kundeId={record.kunde?.id ?? null} />
          </Suspense>
        )}
        {kannMailen && (
          <Button variant="default" onClick={() => setMailen(true)}>
            {tb("aktion.mail")}
          </Button>
        )}
        {record.freigabe && (
          <Button variant="default" onClick={() => setTeilen(true)}>
            {tb("aktion.teilen")}
          </Button>
        )}
        {entwurf && schreiben && (
          <Button color="red" variant="subtle" onClick={entfernen} loading={laeuft === "loeschen"}>
            {tb("aktion.loeschen")}
          </Button>
        )}
      </Group>
      {fehlend && (
        <Alert
          color="red"
          role="alert"
          title={tb("pflicht.titel")}
          withCloseButton
          closeButtonLabel={t("crud:action.close")}
          onClose={() => setFehlend(null)}
        >
          <List size="sm" spacing={2}>
            {fehlend.map((pfad) => {
              const ort = pflichtOrt(pfad);
              const label = feldLabel(tb, pfad, nummerVon);
              return (
                <List.Item key={pfad}>
                  {ort === "beleg" ? (
                    <Anchor component="button" type="button" size="sm" onClick={() => edit.zeigeFeld(pfad)}>
                      {label}
                    </Anchor>
                  ) : ort === "kunde" && record.kunde ? (
                    <>
                      {label} —{" "}
                      <Anchor component={Link} to={`/kunde/${record.kunde.id}`} size="sm">
                        {tb("pflicht.zumKunden")}
                      </Anchor>
                    </>
                  ) : (
                    <>
                      {label} — {tb(ort === "kunde" ? "pflicht.imKunden" : "pflicht.imMandanten")}
                    </>
                  )}
                </List.Item>
              );
            })}
          </List>
        </Alert>
      )}
      {liefern && (
        <Suspense fallback={null}>
          <LieferungDialog
            beleg={record}
            onClose={() => setLiefern(false)}
            onGeliefert={(lieferschein) => {
              setLiefern(false);
              void queryClient.invalidateQueries({ queryKey: belegKeys.all });
              notifySuccess(tb("lieferung.erstellt"));
              oeffnen(lieferschein);
            }}
          />
        </Suspense>
      )}
      {mailen && (
        <Suspense fallback={null}>
          <BelegMailDialog
            belegId={record.id}
            erechnungMoeglich={erechnungMoeglich}
            onClose={() => setMailen(false)}
          />
        </Suspense>
      )}
      {teilen && (
        <Suspense fallback={null}>
          <BelegLinkDialog belegId={record.id} onClose={() => setTeilen(false)} />
        </Suspense>
      )}
      {dialog}
    </>
  );
}
