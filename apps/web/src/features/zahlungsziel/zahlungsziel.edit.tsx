import { Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { parseSlug } from "../../components/form/EditStates.tsx";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import { editCalls } from "../../components/resource/resource.ts";
import { BelegtextVorschau } from "./BelegtextVorschau.tsx";
import { lieferbedingung, zahlungsbedingung } from "./bedingung.fields.tsx";
import { zahlungsziel } from "./zahlungsziel.fields.tsx";

const zahlungszielCalls = editCalls(zahlungsziel);

/** The edit form, and below it, once the term is saved and loaded, the text a document prints for it. */
function ZahlungszielEditPage() {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug, true);
  return (
    <Stack gap="lg">
      <ResourceEditPage resource={zahlungsziel} />
      {typeof id === "number" && <SavedBelegtext key={id} id={id} />}
    </Stack>
  );
}

/** The preview only for a term the edit page has loaded (the same query): not for a missing or foreign one. */
function SavedBelegtext({ id }: { id: number }) {
  const loaded = useQuery(zahlungszielCalls.detail(id));
  return loaded.isSuccess ? <BelegtextVorschau id={id} /> : null;
}

export const ZahlungszielEdit = ZahlungszielEditPage;
export const LieferbedingungEdit = () => <ResourceEditPage resource={lieferbedingung} />;
export const ZahlungsbedingungEdit = () => <ResourceEditPage resource={zahlungsbedingung} />;
