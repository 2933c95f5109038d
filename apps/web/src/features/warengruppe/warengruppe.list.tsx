import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { untergruppeList, warengruppeList } from "./warengruppe.resource.ts";

/** The list screens of the area (the table only: no schema, no form). */
export const WarengruppeList = () => <ResourceList resource={warengruppeList} />;
export const UntergruppeList = () => <ResourceList resource={untergruppeList} />;
