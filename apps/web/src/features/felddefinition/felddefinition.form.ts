import type { TFeldBereich, TFeldTyp } from "@kontor/domain/felddefinition/felddefinition.schema";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";
import { orUndefined } from "../../components/resource/resource.ts";

/**
 * What any of the three field definitions (customer, article, document) may hold; each resource has a subset
 * (printable: customer and document; value: customer; bezeichnungEn and belegsTyps: document).
 */
export interface FelddefinitionRecord {
  id?: number | undefined;
  bezeichnung: string;
  type: TFeldTyp;
  optionen: string[];
  sortOrder: number;
  search: boolean;
  printable?: boolean;
  value?: string | null;
  bezeichnungEn?: string | null;
  belegsTyps?: TBelegsTyp[];
  belegsTypsString?: string | undefined;
}

/** The form of a field definition: one shape for all three, inputs hold "" where the record holds nothing. */
export interface FelddefinitionValues {
  id?: number;
  bezeichnung: string;
  type: TFeldTyp;
  optionen: string[];
  sortOrder: number | "";
  search: boolean;
  printable: boolean;
  value: string;
  bezeichnungEn: string;
  belegsTyps: TBelegsTyp[];
}

/** A new field: text, searchable (the contract's defaults), first in order. */
export function emptyFelddefinition(): FelddefinitionValues {
  return {
    bezeichnung: "",
    type: "TEXT",
    optionen: [],
    sortOrder: 0,
    search: true,
    printable: false,
    value: "",
    bezeichnungEn: "",
    belegsTyps: [],
  };
}

export function felddefinitionToForm(record: FelddefinitionRecord): FelddefinitionValues {
  return {
    ...(record.id !== undefined ? { id: record.id } : {}),
    bezeichnung: record.bezeichnung,
    type: record.type,
    optionen: [...record.optionen],
    sortOrder: record.sortOrder,
    search: record.search,
    printable: record.printable ?? false,
    value: record.value ?? "",
    bezeichnungEn: record.bezeichnungEn ?? "",
    belegsTyps: [...(record.belegsTyps ?? [])],
  };
}

const orNull = (text: string) => (text.trim() === "" ? null : text);

/**
 * The body PUT sends for a field of `bereich`: only that resource's fields. Choices go only with a selection list
 * (the inputs hides them for other types, so stale ones must not be sent), and no document type at all is
 * "missing" (reads "required") rather than a list that is too short.
 */
export function felddefinitionFromForm(bereich: TFeldBereich, values: FelddefinitionValues) {
  const base = {
    ...(values.id !== undefined ? { id: values.id } : {}),
    bezeichnung: values.bezeichnung,
    type: values.type,
    optionen: values.type === "SELECT" ? values.optionen : [],
    sortOrder: orUndefined(values.sortOrder),
    search: values.search,
  };
  switch (bereich) {
    case "artikel":
      return base;
    case "kunde":
      return { ...base, printable: values.printable, value: orNull(values.value) };
    case "beleg":
      return {
        ...base,
        printable: values.printable,
        bezeichnungEn: orNull(values.bezeichnungEn),
        belegsTyps: values.belegsTyps.length > 0 ? values.belegsTyps : undefined,
      };
  }
}
