import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { belegnummerkreisList, rechnungskreisList } from "./nummernkreis.resource.tsx";

/** The list screens of the area (the table only: no schema, no form). */
export const BelegnummerkreisList = () => <ResourceList resource={belegnummerkreisList} />;
export const RechnungskreisList = () => <ResourceList resource={rechnungskreisList} />;
