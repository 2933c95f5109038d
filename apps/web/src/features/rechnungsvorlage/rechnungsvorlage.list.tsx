import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { rechnungsvorlageList } from "./rechnungsvorlage.resource.ts";

/** The list screen of the area (the table only: no schema, no form). */
export const RechnungsvorlageList = () => <ResourceList resource={rechnungsvorlageList} />;
