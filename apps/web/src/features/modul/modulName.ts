import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { modultypNamesQuery } from "./modul.api.ts";

/**
 * A module's name in the user's language. The stored names (modultypen, which admins may rename) are German: the
 * German UI shows them; other languages show the catalogue's name for the code (modultyp:name.<code>).
 */
export function useModulName(enabled = true): (code: string) => string {
  const { t, i18n } = useTranslation("modultyp");
  const german = i18n.resolvedLanguage === "de";
  const names = useQuery({ ...modultypNamesQuery, enabled: enabled && german });
  return useCallback(
    (code: string) =>
      (german ? names.data?.find((modul) => modul.name === code)?.bezeichnung : undefined) ??
      t(`name.${code}`, { defaultValue: code }),
    [german, names.data, t],
  );
}
