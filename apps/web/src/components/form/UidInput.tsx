import { checkUid, type UidCheck } from "@kontor/domain/uid/uid.rules";
import { TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { type FocusEvent, useState } from "react";
import { useTranslation } from "react-i18next";

/** A valid example in the hint and the placeholder (the demo tenant's; ATU12345678 fails its check digit). */
export const UID_BEISPIEL = "ATU12345675";

/**
 * The VAT id input of every form (customer, tenant): the domain's check as typed — "Gültige UID (AT)" below it
 * when it holds, the specific reason ("Die Prüfziffer der UID stimmt nicht.") once the input is left — and that
 * same reason for any error the form or the server puts on the field while the check fails.
 */
export function UidInput({
  form,
  label,
  path = "uid",
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form with a text at `path`
  form: UseFormReturnType<any>;
  label: string;
  path?: string;
}) {
  const { t } = useTranslation("crud");
  const [verlassen, setVerlassen] = useState(false);
  const value = String(form.getValues()[path] ?? "").trim();
  const check: UidCheck | null = value === "" ? null : checkUid(value);
  const props = form.getInputProps(path);
  const eigener = check && !check.ok ? t(`uid.${check.code}`) : undefined;
  const fehler = eigener && (verlassen || props.error) ? eigener : props.error;
  return (
    <TextInput
      label={label}
      placeholder={UID_BEISPIEL}
      maxLength={20}
      autoCapitalize="characters"
      spellCheck={false}
      key={form.key(path)}
      {...props}
      error={fehler}
      description={check?.ok ? t("uid.ok", { land: check.land }) : t("uid.hint")}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        (props.onBlur as ((event: FocusEvent<HTMLInputElement>) => void) | undefined)?.(event);
        setVerlassen(true);
      }}
    />
  );
}
