import { Alert, Anchor, Center, Group, Loader, Stack } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api.ts";
import { IconArrowLeft } from "../icons.tsx";
import { useProblemMessage } from "../problemMessage.ts";

/** "← Zurück zur Liste" above an edit screen. */
export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation("crud");
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} />
        {t("action.back")}
      </Group>
    </Anchor>
  );
}

/** An edit screen while its record loads. */
export function EditLoading() {
  const { t } = useTranslation("common");
  return (
    <Center mih="40vh">
      <Loader aria-label={t("loading")} />
    </Center>
  );
}

/** An edit screen whose record could not be loaded (404, 403, network), or whose slug names no record. */
export function EditLoadFailed({ error, backTo }: { error: unknown; backTo: string }) {
  const { t } = useTranslation("crud");
  const problemMessage = useProblemMessage();
  return (
    <Stack gap="md" maw={720}>
      <Alert color="red" role="alert" title={t("form.loadFailed")}>
        {problemMessage(error)}
      </Alert>
      <BackLink to={backTo} />
    </Stack>
  );
}

/** What an edit route shows for a slug that names no record. */
export const NOT_FOUND = new ApiError({ status: 404, code: "error.notFound" });

/** The slug of an edit route: "new" (if allowed) or a positive whole number; anything else is null. */
export function parseSlug(slug: string, allowNew: boolean): number | "new" | null {
  if (allowNew && slug === "new") return "new";
  return /^[1-9]\d{0,15}$/.test(slug) ? Number(slug) : null;
}
