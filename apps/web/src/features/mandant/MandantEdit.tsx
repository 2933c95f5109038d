import { can } from "@kontor/domain/access/access.rules";
import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure } from "../../components/feedback/notify.ts";
import {
  BackLink,
  EditLoadFailed,
  EditLoading,
  NOT_FOUND,
  parseSlug,
} from "../../components/form/EditStates.tsx";
import { FormActions } from "../../components/form/FormActions.tsx";
import { formatDate } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { accountQuery } from "../account/account.queries.ts";
import { MandantFormFields, Section } from "./MandantFormFields.tsx";
import { mandantKeys, setMandantAktiv } from "./mandant.api.ts";
import { MANDANT_LIST_PATH } from "./mandant.form.ts";
import { useMandantForm } from "./useMandantForm.ts";

/* The activate button with its confirmation dialog loads right after the screen (DESIGN §9 route budget). */
const AktivButton = lazy(async () => ({
  default: (await import("../../components/form/AktivButton.tsx")).AktivButton,
}));

/** /mandant/{slug}: "new" creates a tenant, an id edits one (a new slug mounts a fresh form). */
export function MandantEditPage() {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug, true);
  if (id === null) return <EditLoadFailed error={NOT_FOUND} backTo={MANDANT_LIST_PATH} />;
  return <MandantEdit key={slug} id={id} />;
}

function MandantEdit({ id }: { id: number | "new" }) {
  const { t } = useTranslation(["mandant", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const navigate = useNavigate();
  const account = useQuery(accountQuery);
  const isAdmin = account.data?.authorities.includes("ROLE_ADMIN") ?? false;
  // The switch only for who may use it (access.rules.ts mandantAktiv: the operator, never a tenant admin).
  const mayActivate = can("mandantAktiv", { modules: [], authorities: account.data?.authorities ?? [] });
  const queryClient = useQueryClient();
  const { form, detail, save, rules, saveRules, leaveDialog } = useMandantForm(id);
  const isNew = id === "new";

  if (!isNew && detail.isPending) return <EditLoading />;
  if (!isNew && detail.isError) return <EditLoadFailed error={detail.error} backTo={MANDANT_LIST_PATH} />;

  const submit = rules.onSubmit(
    form.onSubmit(
      (values) =>
        save.mutate(values, {
          onSuccess: (saved) => {
            if (isNew) void navigate({ to: `/mandant/${saved.id}`, replace: true, ignoreBlocker: true });
          },
        }),
      () => notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid")),
    ),
    (error) => notifyFailure(t("crud:toast.saveFailed"), problemMessage(error)),
  );

  const saved = detail.data;
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <BackLink to={MANDANT_LIST_PATH} />
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="sm" align="center">
            <Title order={1}>{isNew ? t("title.new") : (saved?.bezeichnung ?? t("title.edit"))}</Title>
            {saved && (
              <Badge color={saved.aktiv ? "green" : "gray"} variant="light" size="lg">
                {saved.aktiv ? t("crud:form.active") : t("crud:form.inactive")}
              </Badge>
            )}
          </Group>
          {saved?.id !== undefined && (
            <Group gap="sm">
              <Button
                renderRoot={(props) => (
                  <Link {...props} to="/mandant/$slug/wizard" params={{ slug: String(saved.id) }} />
                )}
                variant="default"
              >
                {t("wizard.open")}
              </Button>
              {mayActivate && (
                <Suspense fallback={null}>
                  <AktivButton
                    aktiv={saved.aktiv}
                    name={saved.bezeichnung}
                    message={(next) =>
                      next
                        ? t("confirm.activate", { name: saved.bezeichnung })
                        : t("confirm.deactivate", { name: saved.bezeichnung })
                    }
                    change={(next) => setMandantAktiv(saved.id!, next)}
                    onSettled={() =>
                      Promise.all(
                        [mandantKeys.detail(saved.id!), mandantKeys.lists(), mandantKeys.mine].map(
                          (queryKey) => queryClient.invalidateQueries({ queryKey }),
                        ),
                      )
                    }
                  />
                </Suspense>
              )}
            </Group>
          )}
        </Group>
      </Stack>

      {saved && (
        <Section title={t("section.abrechnung")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Stat label={t("field.anzahlBeleg")} value={String(saved.anzahlBeleg ?? 0)} />
            <Stat
              label={t("field.letztesBelegsDatum")}
              value={saved.letztesBelegsDatum ? formatDate(saved.letztesBelegsDatum) : t("hint.noBilling")}
            />
          </SimpleGrid>
        </Section>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <MandantFormFields form={form} isAdmin={isAdmin} />
          <FormActions
            dirty={form.isDirty()}
            pending={save.isPending}
            onReset={() => form.reset()}
            bar="sticky"
            missing={saveRules.missing}
          />
        </Stack>
      </form>
      {leaveDialog}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={label}>
        {value}
      </Text>
    </Stack>
  );
}
