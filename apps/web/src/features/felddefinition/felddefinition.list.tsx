import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { felddefinitionLists } from "./felddefinition.resource.ts";

/** The list screens of the area (the table only: no schema, no form). */
export const KundefelddefinitionList = () => <ResourceList resource={felddefinitionLists.kunde} />;
export const ArtikelfelddefinitionList = () => <ResourceList resource={felddefinitionLists.artikel} />;
export const BelegfelddefinitionList = () => <ResourceList resource={felddefinitionLists.beleg} />;
