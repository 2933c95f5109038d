import type { KontorTypeOptions } from "@kontor/i18n";

declare module "i18next" {
  /** Every t() key and namespace is checked against the German resources of @kontor/i18n. */
  interface CustomTypeOptions extends KontorTypeOptions {}
}
