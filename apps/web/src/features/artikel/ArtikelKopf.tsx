import type { TArtikel } from "@kontor/domain/artikel/artikel.schema";
import { Alert, Anchor, Badge, Button, Group, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { artikelDetailQuery } from "./artikel.api.ts";
import { artikelDuplicatePath, artikelKeys, updateArtikel } from "./artikel.resource.ts";

/**
 * Beside the article's title: the article a duplicate copies, the "deleted" badge and — for a stored, unlocked
 * article and a writer — the link to duplicate it.
 */
export function ArtikelKopf({
  duplikatVon,
  geloescht,
  duplizieren,
}: {
  duplikatVon: TArtikel | undefined;
  geloescht: boolean;
  /** The stored article's id when it may be duplicated. */
  duplizieren: number | undefined;
}) {
  const { t } = useTranslation("artikel");
  return (
    <>
      {duplikatVon && (
        <Text c="dimmed" size="sm">
          {t("edit.duplikatVon", {
            name: duplikatVon.artikelBezeichnung,
            nummer: duplikatVon.artikelNummer ?? "",
          })}
        </Text>
      )}
      {geloescht && (
        <Badge variant="light" color="gray">
          {t("status.geloescht")}
        </Badge>
      )}
      {duplizieren !== undefined && (
        <Anchor component={Link} to={artikelDuplicatePath(duplizieren)} size="sm" ml="auto">
          {t("edit.duplizieren")}
        </Anchor>
      )}
    </>
  );
}

/**
 * Above the form: a locked article says so and offers a writer to unlock it (PUT artikellist locked: false, then
 * the stored article is read again and handed to `onEntsperrt`); without the write right, "read only".
 */
export function ArtikelHinweise({
  id,
  gesperrt,
  schreiben,
  zugriffBekannt,
  onEntsperrt,
}: {
  id: number | undefined;
  gesperrt: boolean;
  schreiben: boolean;
  /** The account's rights are known (no "read only" flash while they load). */
  zugriffBekannt: boolean;
  onEntsperrt: (artikel: TArtikel) => void;
}) {
  const { t } = useTranslation(["artikel", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const entsperren = useMutation({
    mutationFn: async (artikelId: number) => {
      await updateArtikel([{ id: artikelId, locked: false }]);
      return queryClient.fetchQuery({ ...artikelDetailQuery(artikelId), staleTime: 0 });
    },
    onSuccess: (saved) => {
      notifySuccess(t("edit.entsperrt"));
      void queryClient.invalidateQueries({ queryKey: artikelKeys.lists() });
      onEntsperrt(saved);
    },
    onError: (error) => notifyFailure(t("edit.entsperrenFehler"), problemMessage(error)),
  });
  return (
    <>
      {gesperrt && (
        <Alert color="orange" title={t("status.gesperrt")} role="status">
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm">{t("edit.gesperrtText")}</Text>
            {schreiben && id !== undefined && (
              <Button
                size="xs"
                variant="default"
                loading={entsperren.isPending}
                onClick={() => entsperren.mutate(id)}
              >
                {t("edit.entsperren")}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {!schreiben && zugriffBekannt && (
        <Text size="sm" c="dimmed">
          {t("edit.nurLesen")}
        </Text>
      )}
    </>
  );
}
