import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { lieferbedingungList, zahlungsbedingungList, zahlungszielList } from "./zahlungsziel.resource.ts";

/** The list screens of the area (the table only: no schema, no form). */
export const ZahlungszielList = () => <ResourceList resource={zahlungszielList} />;
export const LieferbedingungList = () => <ResourceList resource={lieferbedingungList} />;
export const ZahlungsbedingungList = () => <ResourceList resource={zahlungsbedingungList} />;
