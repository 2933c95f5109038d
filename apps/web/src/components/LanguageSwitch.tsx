import { supportedLanguages } from "@kontor/i18n";
import { Button, type ButtonGroupProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { chooseLanguage, currentLanguage } from "../app/i18n.ts";

/** DE | EN toggle; the choice is remembered on this device and, signed in, on the account. Buttons: "Deutsch" / "English". */
export function LanguageSwitch(props: Omit<ButtonGroupProps, "children">) {
  const { t, i18n } = useTranslation("common");
  const active = i18n.resolvedLanguage ? currentLanguage() : "de";
  return (
    <Button.Group aria-label={t("language.label")} {...props}>
      {supportedLanguages.map((language) => (
        <Button
          key={language}
          size="compact-sm"
          variant={language === active ? "filled" : "default"}
          aria-pressed={language === active}
          aria-label={t(`language.${language}`)}
          title={t(`language.${language}`)}
          lang={language}
          onClick={() => void chooseLanguage(language)}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Button.Group>
  );
}
