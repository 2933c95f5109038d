import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { rabattList } from "./rabatt.resource.ts";

/** The list screens of the area (the table only: no schema, no form). */
export const RabattList = () => <ResourceList resource={rabattList} />;
