import { type TLangKey, ZLangKey } from "@kontor/domain/auth/auth.schema";
import { PasswordInput, Select } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";

/** The fields every form that creates an account ends with. */
export interface NewAccountValues {
  password: string;
  confirmPassword: string;
  langKey: TLangKey;
}

/** Password, its confirmation and the language: the registration and the invitation's new account share them. */
export function NewAccountFields<V extends NewAccountValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation(["account", "common"]);
  // One form type for the field calls: the generic form's paths are not known to be these keys.
  const fields = form as unknown as UseFormReturnType<NewAccountValues>;
  return (
    <>
      <PasswordInput
        label={t("field.password")}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={{ "aria-label": t("field.showPassword") }}
        {...fields.getInputProps("password")}
      />
      <PasswordInput
        label={t("field.confirmPassword")}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={{ "aria-label": t("field.showPassword") }}
        {...fields.getInputProps("confirmPassword")}
      />
      <Select
        label={t("field.langKey")}
        data={ZLangKey.options.map((value) => ({ value, label: t(`common:language.${value}`) }))}
        allowDeselect={false}
        value={fields.getValues().langKey}
        onChange={(value) => value && fields.setFieldValue("langKey", value as TLangKey)}
        error={fields.errors.langKey}
      />
    </>
  );
}
