/** The form of a document template: the picked file, and its content as base64 once read. */
export interface RechnungsvorlageValues {
  id?: number;
  vorlagename: string;
  active: boolean;
  /** The file picked in the input (null: keep the stored one). */
  datei: File | null;
  /** Its bytes as base64, "" when none is picked (or it is still being read). */
  vorlage: string;
  vorlageDateiname: string;
}

/**
 * The body of PUT rechnungsvorlages: the file and its name only with a newly picked file; without one the server
 * keeps the stored file (and a new template is refused with "required" at `vorlage`).
 */
export function rechnungsvorlageFromForm(values: RechnungsvorlageValues) {
  return {
    ...(values.id !== undefined ? { id: values.id } : {}),
    vorlagename: values.vorlagename,
    active: values.active,
    ...(values.vorlage !== "" ? { vorlage: values.vorlage, vorlageDateiname: values.vorlageDateiname } : {}),
  };
}
