import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { preisschieneList } from "./preisschiene.resource.tsx";

/** The list screens of the area (the table only: no schema, no form). */
export const PreisschieneList = () => <ResourceList resource={preisschieneList} />;
