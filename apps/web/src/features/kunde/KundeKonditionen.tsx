import { Checkbox, Input, MultiSelect, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { PercentInput } from "../../components/form/PercentInput.tsx";
import { shortLabel } from "../zahlungsziel/zahlungsziel.form.ts";
import { KundeErechnung } from "./KundeErechnung.tsx";
import {
  firmengruppenQuery,
  lieferbedingungenQuery,
  mandantBenutzerQuery,
  preisschienenQuery,
  zahlungsbedingungenQuery,
  zahlungszieleQuery,
} from "./kunde.api.ts";
import type { KundeForm, KundeValues } from "./kunde.form.ts";
import { Umschalter } from "./Umschalter.tsx";

type Auswahl = "preisschiene" | "zahlungsziel" | "lieferbedingung" | "zahlungsbedingung";

/**
 * Konditionen: price tier, payment term, delivery terms, payment condition, discount suggestion, document language
 * and template, "to the attention of", firm groups, the user in charge and the e-invoice settings.
 */
export function KundeKonditionen({ form }: { form: KundeForm }) {
  const { t } = useTranslation("kunde");
  const values = form.getValues();
  const preisschienen = useQuery(preisschienenQuery);
  const zahlungsziele = useQuery(zahlungszieleQuery);
  const lieferbedingungen = useQuery(lieferbedingungenQuery);
  const zahlungsbedingungen = useQuery(zahlungsbedingungenQuery);
  const firmengruppen = useQuery(firmengruppenQuery);

  /** A selection by id; a stored id the list lacks (a deactivated price tier, …) stays shown as such. */
  const auswahl = (feld: Auswahl, data: { value: string; label: string }[] | undefined, ladend: boolean) => {
    const value = values[feld];
    const options = data ?? [];
    const fehlt = value !== "" && !ladend && !options.some((option) => option.value === value);
    const props = form.getInputProps(feld);
    return {
      ...props,
      data: fehlt ? [...options, { value, label: t("konditionen.unbekannt", { id: value }) }] : options,
      value: value || null,
      onChange: (next: string | null) => form.setFieldValue(feld, next ?? ""),
      clearable: true,
      searchable: true,
      nothingFoundMessage: t("konditionen.keineTreffer"),
      placeholder: ladend ? t("konditionen.laden") : t("konditionen.keine"),
    };
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t("field.preisschiene")}
          {...auswahl(
            "preisschiene",
            preisschienen.data?.map((p) => ({ value: String(p.id), label: p.bezeichnung })),
            preisschienen.isPending,
          )}
        />
        <Select
          label={t("field.zahlungsziel")}
          {...auswahl(
            "zahlungsziel",
            zahlungsziele.data?.map((z) => ({ value: String(z.id), label: z.name })),
            zahlungsziele.isPending,
          )}
        />
        <Select
          label={t("field.lieferbedingung")}
          {...auswahl(
            "lieferbedingung",
            lieferbedingungen.data?.map((b) => ({ value: String(b.id), label: shortLabel(b.name) })),
            lieferbedingungen.isPending,
          )}
        />
        <Select
          label={t("field.zahlungsbedingung")}
          {...auswahl(
            "zahlungsbedingung",
            zahlungsbedingungen.data?.map((b) => ({ value: String(b.id), label: shortLabel(b.name) })),
            zahlungsbedingungen.isPending,
          )}
        />
        <PercentInput
          label={t("field.rabattVorschlag")}
          description={t("hint.rabattVorschlag")}
          key={form.key("rabattVorschlag")}
          {...form.getInputProps("rabattVorschlag")}
        />
        <Umschalter<KundeValues["belegLangKey"]>
          label={t("field.belegLangKey")}
          value={values.belegLangKey}
          onChange={(value) => form.setFieldValue("belegLangKey", value)}
          data={[
            { value: "de", label: t("sprache.de") },
            { value: "en", label: t("sprache.en") },
          ]}
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Checkbox
          label={t("field.belegVorlageVerwenden")}
          description={t("hint.belegVorlageVerwenden")}
          key={form.key("belegVorlageVerwenden")}
          {...form.getInputProps("belegVorlageVerwenden", { type: "checkbox" })}
        />
        <Checkbox
          label={t("field.zuHandenAktiv")}
          description={t("hint.zuHandenAktiv")}
          key={form.key("zuHandenAktiv")}
          {...form.getInputProps("zuHandenAktiv", { type: "checkbox" })}
        />
      </SimpleGrid>

      <MultiSelect
        label={t("field.firmengruppen")}
        description={t("hint.firmengruppen")}
        searchable
        clearable
        nothingFoundMessage={t("konditionen.keineTreffer")}
        placeholder={firmengruppen.isPending ? t("konditionen.laden") : undefined}
        data={(() => {
          const options = (firmengruppen.data ?? []).map((g) => ({
            value: String(g.id),
            label: g.bezeichnung,
          }));
          const bekannt = new Set(options.map((option) => option.value));
          const fremd = firmengruppen.isPending
            ? []
            : values.firmengruppen
                .filter((id) => !bekannt.has(id))
                .map((id) => ({ value: id, label: t("konditionen.unbekannt", { id }) }));
          return [...options, ...fremd];
        })()}
        key={form.key("firmengruppen")}
        {...form.getInputProps("firmengruppen")}
      />

      <BenutzerAuswahl form={form} />

      <KundeErechnung form={form} />
    </Stack>
  );
}

/** A member's name: "Vorname Nachname (login)". */
const benutzerName = (user: {
  login?: string | undefined;
  firstName?: string | null;
  lastName?: string | null;
}) => {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name ? `${name}${user.login ? ` (${user.login})` : ""}` : (user.login ?? "");
};

/**
 * The user in charge. Only the tenant's members may be chosen; the member list is an administration call
 * (mandants/{id}), so (tenant) administrators choose and everybody else sees who it is.
 */
function BenutzerAuswahl({ form }: { form: KundeForm }) {
  const { t } = useTranslation("kunde");
  const access = useShellAccess();
  const darfWaehlen = access.can("admin") && access.mandantId !== null;
  const mitglieder = useQuery({ ...mandantBenutzerQuery(access.mandantId ?? 0), enabled: darfWaehlen });
  const user = form.getValues().user;
  const error = form.errors.user;

  if (!darfWaehlen || mitglieder.isError)
    return (
      <Input.Wrapper label={t("field.user")} description={t("hint.userNurAdmin")} error={error}>
        <Text size="sm" py={6}>
          {user ? (user.login ?? `#${user.id}`) : t("konditionen.keiner")}
        </Text>
      </Input.Wrapper>
    );

  const data = (mitglieder.data ?? []).map((member) => ({
    value: String(member.id),
    label: benutzerName(member),
  }));
  if (user && !data.some((option) => option.value === String(user.id)))
    data.push({ value: String(user.id), label: user.login ?? `#${user.id}` });
  return (
    <Select
      label={t("field.user")}
      description={t("hint.user")}
      data={data}
      searchable
      clearable
      nothingFoundMessage={t("konditionen.keineTreffer")}
      placeholder={mitglieder.isPending ? t("konditionen.laden") : t("konditionen.keiner")}
      value={user ? String(user.id) : null}
      error={error}
      onChange={(value) => {
        const member = mitglieder.data?.find((candidate) => String(candidate.id) === value);
        form.setFieldValue("user", value === null ? null : { id: Number(value), login: member?.login });
        form.clearFieldError("user");
      }}
    />
  );
}
