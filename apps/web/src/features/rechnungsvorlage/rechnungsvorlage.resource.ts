import type { TVorlageContentType } from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.rules";
import type { TRechnungsvorlage } from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.schema";
import type { TFunction } from "i18next";
import { formatDateTime } from "../../components/format/format.ts";
import type { ListResource } from "../../components/resource/resource.ts";

/**
 * What the area's list shows. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads this into its resource) does not carry the list's.
 */

const CONTENT_TYPE_KEYS = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpeg",
} as const satisfies Record<TVorlageContentType, string>;

/** "PDF", "PNG-Bild", …: the stored file's kind by its translated name ("" without a file). */
export const contentTypeName = (
  t: TFunction<"felddefinition">,
  type: TVorlageContentType | null | undefined,
) => (type ? t(`rechnungsvorlage.contentType.${CONTENT_TYPE_KEYS[type]}`) : "");

/**
 * Document templates (SPEC §2 /rechnungsvorlage_list/, /rechnungsvorlage/{slug}; §3; §7 rechnungsvorlages):
 * a name, active, and a file (letterhead PDF or logo image) uploaded as base64 and downloaded with the token.
 */
export const rechnungsvorlageList: ListResource<TRechnungsvorlage, "felddefinition"> = {
  key: "rechnungsvorlage",
  api: "rechnungsvorlages",
  ns: "felddefinition",
  prefix: "rechnungsvorlage",
  listPath: "/rechnungsvorlage_list",
  editPath: (id) => `/rechnungsvorlage/${id}`,
  columns: (t) => [
    { field: "vorlagename", title: t("rechnungsvorlage.field.vorlagename") },
    { field: "vorlageDateiname", title: t("rechnungsvorlage.field.vorlageDateiname"), sortable: false },
    {
      field: "vorlageContentType",
      title: t("rechnungsvorlage.field.vorlageContentType"),
      render: (r) => contentTypeName(t, r.vorlageContentType),
    },
    {
      field: "lastModifiedDate",
      title: t("rechnungsvorlage.field.lastModifiedDate"),
      render: (r) => formatDateTime(r.lastModifiedDate),
    },
    { field: "active", title: t("rechnungsvorlage.field.active"), width: 90, textAlign: "center" },
  ],
  defaultSort: { field: "vorlagename", direction: "asc" },
  label: (r) => r.vorlagename,
};
