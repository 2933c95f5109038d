import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { einheitList } from "./einheit.resource.tsx";

/** The list screens of the area (the table only: no schema, no form). */
export const EinheitList = () => <ResourceList resource={einheitList} />;
