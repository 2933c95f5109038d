import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { mehrwertssteuerList } from "./mehrwertssteuer.resource.ts";

/** The list screens of the area (the table only: no schema, no form). */
export const MehrwertssteuerList = () => <ResourceList resource={mehrwertssteuerList} />;
