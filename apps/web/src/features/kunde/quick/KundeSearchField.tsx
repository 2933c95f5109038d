import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { lazy, Suspense, useState } from "react";
import {
  EntitySearchField,
  type EntitySearchFieldBase,
} from "../../../components/search/EntitySearchField.tsx";
import { useKundeSearchProps } from "./kundeSearchProps.tsx";

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

export interface KundeSearchFieldProps
  extends Omit<EntitySearchFieldBase<TKundeZeile>, "onAnlegen" | "onNichtsGefunden"> {
  /** Suppliers (lieferantsearch) instead of customers (kundessearch). */
  lieferant?: boolean;
  /** Find deactivated customers too (they are marked "deaktiviert"). */
  includeDeactivated?: boolean;
  /** Offer "Neuen Kunden anlegen" when nothing is found (default true); a supplier search creates a supplier. */
  allowCreate?: boolean;
}

/**
 * SPEC §2 customer search dropdown: the entity search (EntitySearchField) over GET kundessearch or
 * lieferantsearch (useKundeSearchProps: options with display name, "PLZ Ort", customer number and a "deaktiviert"
 * mark; default label "Kunde" / "Lieferant"). When nothing is found it offers quick create (`allowCreate`): the
 * dialog starts with the typed text as company name, and the new customer becomes the choice.
 */
export function KundeSearchField({
  lieferant = false,
  includeDeactivated = false,
  allowCreate = true,
  label,
  placeholder,
  ...feld
}: KundeSearchFieldProps) {
  const suche = useKundeSearchProps({ lieferant, includeDeactivated, label, placeholder });
  // The text the quick-create dialog starts with; null = dialog closed.
  const [anlegen, setAnlegen] = useState<string | null>(null);
  return (
    <>
      <EntitySearchField
        {...feld}
        {...suche}
        onAnlegen={allowCreate ? setAnlegen : undefined}
        onNichtsGefunden={allowCreate ? vorladen : undefined}
      />
      {anlegen !== null && (
        <Suspense fallback={null}>
          <KundeQuickCreateModal
            opened
            onClose={() => setAnlegen(null)}
            initialText={anlegen}
            lieferant={lieferant}
            onCreated={(kunde) => feld.onChange(kunde)}
          />
        </Suspense>
      )}
    </>
  );
}
