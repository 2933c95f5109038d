import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { firmengruppeList } from "./firmengruppe.resource.ts";

/** The list with a search box (every word of the name, any order): the text lives in the URL (`?search=`). */
export const FirmengruppeList = () => <ResourceList resource={firmengruppeList} />;
