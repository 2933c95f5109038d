import { MODULES } from "@kontor/domain/access/access.schema";
import { Button, Group, List, Paper, Stack, Stepper, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { notifyFailure } from "../../components/feedback/notify.ts";
import {
  BackLink,
  EditLoadFailed,
  EditLoading,
  NOT_FOUND,
  parseSlug,
} from "../../components/form/EditStates.tsx";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { accountQuery } from "../account/account.queries.ts";
import { useModulName } from "../modul/modulName.ts";
import {
  errorsOfStep,
  firstStepWithError,
  MANDANT_LIST_PATH,
  type MandantFormValues,
  userName,
  WIZARD_STEPS,
} from "./mandant.form.ts";
import { useMandantForm } from "./useMandantForm.ts";

// The steps' fields are their own chunk (DESIGN §9 route budget), fetched at once with this screen: no waterfall.
const felderChunk = import("./MandantFormFields.tsx");
const MandantFormFields = lazy(async () => ({ default: (await felderChunk).MandantFormFields }));

/** /mandant/{slug}/wizard: the tenant form as a stepper (Stammdaten, Adresse, Module, Benutzer, Fertig). */
export function MandantWizardPage() {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug, true);
  if (id === null) return <EditLoadFailed error={NOT_FOUND} backTo={MANDANT_LIST_PATH} />;
  return <MandantWizard key={slug} id={id} />;
}

function MandantWizard({ id }: { id: number | "new" }) {
  const { t } = useTranslation(["mandant", "crud", "common"]);
  const navigate = useNavigate();
  const account = useQuery(accountQuery);
  const isAdmin = account.data?.authorities.includes("ROLE_ADMIN") ?? false;
  const problemMessage = useProblemMessage();
  const { form, detail, save, rules, saveRules, leaveDialog } = useMandantForm(id);
  const [active, setActive] = useState(0);
  const isNew = id === "new";
  const last = WIZARD_STEPS.length - 1;

  if (!isNew && detail.isPending) return <EditLoading />;
  if (!isNew && detail.isError) return <EditLoadFailed error={detail.error} backTo={MANDANT_LIST_PATH} />;

  /** Next step only when the fields of this step are valid; only this step's errors are shown. */
  const next = rules.onSubmit(
    () => {
      const step = WIZARD_STEPS[active];
      if (!step) return;
      const stepErrors = errorsOfStep(form.validate().errors, step.id);
      form.setErrors(stepErrors as Record<string, string>);
      if (Object.keys(stepErrors).length === 0) setActive((current) => Math.min(current + 1, last));
    },
    (error) => notifyFailure(t("crud:toast.saveFailed"), problemMessage(error)),
  );

  const finish = rules.onSubmit(
    form.onSubmit(
      (values) =>
        save.mutate(values, {
          onSuccess: (saved) => void navigate({ to: `/mandant/${saved.id}`, ignoreBlocker: true }),
          // The server's field errors are at the fields now (useMandantForm): show the first step that has one.
          onError: (error) => {
            if (isApiError(error) && error.fieldErrors.length > 0)
              setActive(
                firstStepWithError(
                  Object.fromEntries(error.fieldErrors.map((item) => [item.field, item.code])),
                ),
              );
          },
        }),
      (errors) => {
        setActive(firstStepWithError(errors));
        notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid"));
      },
    ),
    (error) => notifyFailure(t("crud:toast.saveFailed"), problemMessage(error)),
  );

  const steps = [
    { id: "stammdaten", label: t("section.stammdaten"), text: t("wizard.stammdatenText") },
    { id: "adresse", label: t("wizard.adresse"), text: t("wizard.adresseText") },
    { id: "module", label: t("section.module"), text: t("wizard.moduleText") },
    { id: "benutzer", label: t("section.benutzer"), text: t("wizard.benutzerText") },
    { id: "fertig", label: t("wizard.fertig"), text: t("wizard.fertigText") },
  ];

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <BackLink to={MANDANT_LIST_PATH} />
        <Title order={1}>
          {isNew ? t("title.wizard") : `${t("title.wizardEdit")}: ${detail.data?.bezeichnung ?? ""}`}
        </Title>
      </Stack>
      <form onSubmit={finish} noValidate>
        <Paper withBorder radius="md" p="lg">
          <Stepper active={active} onStepClick={setActive} allowNextStepsSelect={false} size="sm">
            {steps.map((step) => (
              <Stepper.Step key={step.id} label={step.label} description={step.text}>
                <Stack gap="md" pt="md">
                  <Title order={2} size="h3">
                    {step.label}
                  </Title>
                  <Suspense fallback={null}>
                    {step.id === "stammdaten" && (
                      <MandantFormFields
                        form={form}
                        isAdmin={isAdmin}
                        sections={["stammdaten"]}
                        framed={false}
                      />
                    )}
                    {step.id === "adresse" && (
                      <MandantFormFields
                        form={form}
                        isAdmin={isAdmin}
                        sections={["adressen"]}
                        framed={false}
                      />
                    )}
                    {step.id === "module" && (
                      <MandantFormFields form={form} isAdmin={isAdmin} sections={["module"]} framed={false} />
                    )}
                    {step.id === "benutzer" && (
                      <MandantFormFields
                        form={form}
                        isAdmin={isAdmin}
                        sections={["benutzer"]}
                        framed={false}
                      />
                    )}
                    {step.id === "fertig" && <Summary values={form.values} showModuleNames={isAdmin} />}
                  </Suspense>
                </Stack>
              </Stepper.Step>
            ))}
          </Stepper>
          <Group justify="space-between" mt="xl">
            <Button
              variant="default"
              onClick={() => setActive((current) => Math.max(0, current - 1))}
              disabled={active === 0}
            >
              {t("wizard.back")}
            </Button>
            {active < last ? (
              // Own keys: React must not turn this button into the submit button below while the click that
              // moved to the last step is still being handled (the browser would then submit the form).
              <Button key="next" onClick={next}>
                {t("wizard.next")}
              </Button>
            ) : (
              <Button
                key="submit"
                type="submit"
                loading={save.isPending}
                disabled={saveRules.blocked}
                aria-describedby={saveRules.blocked ? saveRules.missing.id : undefined}
              >
                {isNew ? t("wizard.finish") : t("wizard.saveChanges")}
              </Button>
            )}
          </Group>
          {active === last && (
            <Group justify="flex-end" mt="xs">
              <MissingHint
                missing={{
                  ...saveRules.missing,
                  // The step that shows the input first, then the input with its error.
                  onShow: (path) => {
                    setActive(firstStepWithError({ [path]: true }));
                    setTimeout(() => saveRules.missing.onShow(path), 50);
                  },
                }}
              />
            </Group>
          )}
        </Paper>
      </form>
      {leaveDialog}
    </Stack>
  );
}

/** "Fertig": what will be saved, step by step. */
function Summary({ values, showModuleNames }: { values: MandantFormValues; showModuleNames: boolean }) {
  const { t, i18n } = useTranslation(["mandant", "crud"]);
  const label = useModulName(showModuleNames);
  const countries = new Intl.DisplayNames([i18n.language], { type: "region" });
  const none = t("wizard.noneSelected");
  const rows: Array<[string, React.ReactNode]> = [
    [t("field.bezeichnung"), values.bezeichnung || none],
    [t("field.uid"), values.uid || "–"],
    [t("field.email"), values.email || "–"],
    [t("field.fn"), values.fn || "–"],
    [
      t("section.adressen"),
      values.adresseLists.length === 0 ? (
        none
      ) : (
        <List key="adressen" size="sm" spacing={2}>
          {values.adresseLists.map((adresse, index) => (
            <List.Item key={adresse.id ?? index}>
              {`${adresse.strasse} ${adresse.hausNummer}, ${adresse.plz} ${adresse.ort}, ${countries.of(adresse.land) ?? adresse.land}`}
            </List.Item>
          ))}
        </List>
      ),
    ],
    [
      t("section.module"),
      values.modulList.length === 0
        ? none
        : `${values.modulList.map(label).join(", ")} (${values.modulList.length}/${MODULES.length})`,
    ],
    [t("section.benutzer"), values.userLists.length === 0 ? none : values.userLists.map(userName).join(", ")],
  ];
  return (
    <Stack gap="sm">
      <Table withTableBorder variant="vertical" layout="fixed" aria-label={t("wizard.summary")}>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={180}>{name}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {t("wizard.moreLater")}
      </Text>
    </Stack>
  );
}
