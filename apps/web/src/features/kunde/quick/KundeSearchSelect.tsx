import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { lazy, Suspense, useState } from "react";
import { KundeSucheFeld, type KundeSucheFeldProps } from "./KundeSucheFeld.tsx";

/*
 * The quick-create dialog (form, zod schemas, country list) loads only when it is needed: this dropdown is meant
 * for list filters and document screens, whose chunks must stay small.
 */
const ladeQuickCreate = () => import("./KundeQuickCreateModal.tsx");
const KundeQuickCreateModal = lazy(async () => ({
  default: (await ladeQuickCreate()).KundeQuickCreateModal,
}));
// Warm the dialog's chunk as soon as it may be wanted, so a click on "Neuen Kunden anlegen" opens it at once.
const vorladen = () => void ladeQuickCreate();

export interface KundeSearchSelectProps extends Omit<KundeSucheFeldProps, "onAnlegen" | "onNichtsGefunden"> {
  /** A customer was picked or quick-created, or the choice was cleared (null). */
  onChange: (kunde: TKundeZeile | null) => void;
  /** Offer "Neuen Kunden anlegen" when nothing is found (default true). A quick-created supplier search
   *  (lieferant) creates a supplier. */
  allowCreate?: boolean;
}

/**
 * SPEC §2 customer search dropdown (KundeSucheFeld) with quick create: when nothing is found it offers the
 * quick-create dialog with the typed text as company name and chooses the new customer.
 */
export function KundeSearchSelect({ allowCreate = true, ...feld }: KundeSearchSelectProps) {
  // The text the quick-create dialog starts with; null = dialog closed.
  const [anlegen, setAnlegen] = useState<string | null>(null);
  return (
    <>
      <KundeSucheFeld
        {...feld}
        onAnlegen={allowCreate ? setAnlegen : undefined}
        onNichtsGefunden={allowCreate ? vorladen : undefined}
      />
      {anlegen !== null && (
        <Suspense fallback={null}>
          <KundeQuickCreateModal
            opened
            onClose={() => setAnlegen(null)}
            initialText={anlegen}
            lieferant={feld.lieferant}
            onCreated={(kunde) => feld.onChange(kunde)}
          />
        </Suspense>
      )}
    </>
  );
}
