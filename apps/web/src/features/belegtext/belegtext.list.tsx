import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { belegtextList, hothintList } from "./belegtext.resource.tsx";

/** The list screens of the area (the table only: no schema, no form). */
export const BelegtextList = () => <ResourceList resource={belegtextList} />;
export const HotHintList = () => <ResourceList resource={hothintList} />;
