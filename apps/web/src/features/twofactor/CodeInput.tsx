import { TextInput, type TextInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { codeInput } from "./twoFactor.form.ts";

/** The six-digit code field (sign-in, switching two-factor on and off): numeric keyboard, one-time-code autofill. */
export function CodeInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, "onChange" | "value"> & { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("account");
  return (
    <TextInput
      label={t("field.validationCode")}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      placeholder="123456"
      styles={{ input: { letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums" } }}
      {...props}
      value={value}
      onChange={(event) => onChange(codeInput(event.currentTarget.value))}
    />
  );
}
