import { zahlungszielGedruckt } from "@kontor/domain/beleg/beleg.codes";
import { todayIso } from "@kontor/domain/date/calendar";
import { istZahlungszielText, zahlungszielText } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import { Button, Group, Select, Stack, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyRichTextEditor } from "../../components/richtext/LazyRichTextEditor.tsx";
import { zahlungszieleQuery } from "../kunde/kunde.api.ts";
import { belegtexteQuery, hotHintsQuery } from "./beleg.api.ts";
import type { BelegForm } from "./beleg.form.ts";

/** Plain text as paragraphs of rich text (hot hints are plain text). */
const alsAbsaetze = (text: string) =>
  text
    .split(/\n+/)
    .map((zeile) => zeile.trim())
    .filter((zeile) => zeile !== "")
    .map((zeile) => `<p>${zeile.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`)
    .join("");

/**
 * Texte: the document's text (rich text, as other screens edit it) with text blocks (belegtexts) and hot hints
 * to insert at its end; the payment text and the text about the original document (belegstext3).
 *
 * The payment text shows what the PDF prints (belegZahlungstext, issue 33): while the user has written none, the
 * term's sentence made here from the term, the document date, the language and the gross amount as they are now —
 * so its skonto amounts follow every change of the positions, and it is saved empty (the server makes it from the
 * final totals). Typing makes it the user's own text, saved as written; "make again" goes back to the term's.
 */
export function BelegTexte({
  form,
  readOnly,
  sprache,
  brutto,
  onBezugstext,
}: {
  form: BelegForm;
  readOnly: boolean;
  /** The document's language (the customer's). */
  sprache: "de" | "en";
  /** The document's gross amount as the editor computes it. */
  brutto: number;
  /** Make the text about the original document (GET belegtext3); absent when there is none. */
  onBezugstext?: (() => void) | undefined;
}) {
  const { t } = useTranslation("beleg");
  const values = form.getValues();
  const belegtexte = useQuery({ ...belegtexteQuery, enabled: !readOnly });
  const hotHints = useQuery({ ...hotHintsQuery, enabled: !readOnly });
  const zahlungsziele = useQuery({ ...zahlungszieleQuery, enabled: values.zahlungsziel !== "" });
  const [baustein, setBaustein] = useState<string | null>(null);

  const ziel = zahlungsziele.data?.find((z) => String(z.id) === values.zahlungsziel);
  const belegDatum = /^\d{4}-\d{2}-\d{2}$/.test(values.belegDatum) ? values.belegDatum : todayIso();
  const zielText =
    ziel && zahlungszielGedruckt(values.belegsTyp) ? zahlungszielText(ziel, belegDatum, sprache, brutto) : "";
  /** Text the user wrote; the term's own sentence (also one stored with an old amount) is none. */
  const eigenerText = (text: string) => text.trim() !== "" && !(ziel && istZahlungszielText(text, ziel));
  const eigen = eigenerText(values.belegstext2);

  const einfuegen = (html: string) => {
    const bisher = form.getValues().rechnungsText;
    form.setFieldValue("rechnungsText", `${bisher}${html}`);
  };

  const optionen = [
    {
      group: t("texte.belegtexte"),
      items: (belegtexte.data ?? []).flatMap((text) =>
        text.id === undefined ? [] : [{ value: `t${text.id}`, label: text.title }],
      ),
    },
    {
      group: t("texte.hotHints"),
      items: (hotHints.data ?? []).flatMap((hint) =>
        hint.id === undefined ? [] : [{ value: `h${hint.id}`, label: hint.hotHintTitle }],
      ),
    },
  ].filter((gruppe) => gruppe.items.length > 0);

  const uebernehmen = () => {
    if (!baustein) return;
    const id = Number(baustein.slice(1));
    if (baustein.startsWith("t")) {
      const text = belegtexte.data?.find((eintrag) => eintrag.id === id);
      if (text) einfuegen(text.text);
    } else {
      const hint = hotHints.data?.find((eintrag) => eintrag.id === id);
      if (hint) einfuegen(alsAbsaetze(hint.hotHintText));
    }
    setBaustein(null);
  };

  return (
    <Stack gap="md">
      {!readOnly && (
        <Group align="flex-end" gap="sm">
          <Select
            label={t("texte.baustein")}
            placeholder={t("texte.bausteinPlaceholder")}
            data={optionen}
            value={baustein}
            onChange={setBaustein}
            searchable
            clearable
            nothingFoundMessage={t("texte.keineBausteine")}
            w={340}
          />
          <Button variant="light" onClick={uebernehmen} disabled={!baustein}>
            {t("texte.einfuegen")}
          </Button>
        </Group>
      )}
      <LazyRichTextEditor
        label={t("field.rechnungsText")}
        value={values.rechnungsText}
        onChange={(html) => form.setFieldValue("rechnungsText", html)}
        error={form.errors.rechnungsText}
        readOnly={readOnly}
        minHeight={160}
      />
      <Stack gap={4}>
        <Textarea
          label={t("field.belegstext2")}
          description={t("texte.belegstext2Hinweis")}
          autosize
          minRows={2}
          {...form.getInputProps("belegstext2")}
          value={eigen ? values.belegstext2 : zielText}
          onChange={(event) => {
            const text = event.currentTarget.value;
            form.setFieldValue("belegstext2", eigenerText(text) ? text : "");
          }}
        />
        {!readOnly && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => form.setFieldValue("belegstext2", "")}
              disabled={!eigen || zielText === ""}
            >
              {t("texte.belegstext2Laden")}
            </Button>
          </Group>
        )}
      </Stack>
      <Stack gap={4}>
        <Textarea
          label={t("field.belegstext3")}
          autosize
          minRows={2}
          {...form.getInputProps("belegstext3")}
        />
        {!readOnly && onBezugstext && (
          <Group>
            <Button variant="subtle" size="xs" onClick={onBezugstext}>
              {t("texte.belegstext3Laden")}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
