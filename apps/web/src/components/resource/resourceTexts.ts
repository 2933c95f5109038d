import type { Namespace } from "@kontor/i18n/languages";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** The texts of a resource: keys under its prefix in its namespace; `t` for crud's generic texts. */
export function useResourceT<N extends Namespace>(resource: { ns: N; prefix: string }) {
  const { t } = useTranslation("crud");
  // i18next cannot type a namespace that is a type parameter; the resource's own keys are checked where written.
  const own = useTranslation(resource.ns as Namespace).t as unknown as TFunction<N>;
  return { t, own, rt: (key: string) => own(`${resource.prefix}.${key}` as never) as string };
}
