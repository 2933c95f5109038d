import type { TFolder } from "@kontor/domain/content/content.schema";
import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Modal,
  NavLink,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { folderQuery, subfoldersQuery } from "./content.api.ts";

/** The translated text of a field code (validation) or problem code (errors). */
export function useCodeText() {
  const { t } = useTranslation(["content", "validation", "errors"]);
  return (code: string, max?: number) =>
    code.startsWith("error.")
      ? t(code as never, { ns: "errors" })
      : t(code as never, {
          ns: "validation",
          max,
          defaultValue: t("error.unknown" as never, { ns: "errors" }),
        });
}

/**
 * A name for a new or renamed folder or file: saved by `save`; a refusal shows at the field (unique, pattern, …)
 * and the dialog stays open with the input.
 */
export function NameDialog(props: {
  title: string;
  label: string;
  initial: string;
  save: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation("content");
  const codeText = useCodeText();
  const problemMessage = useProblemMessage();
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await props.save(name.trim());
      props.onClose();
    } catch (e) {
      const field = isApiError(e) ? e.fieldErrors[0] : undefined;
      setError(field ? codeText(field.code, field.max) : problemMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={props.label}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            data-autofocus
            maxLength={200}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("action.cancel")}
            </Button>
            <Button type="submit" loading={busy} disabled={name.trim() === ""}>
              {t("action.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A folder picker: walks the tree from the top level; "Move here" moves into the folder shown. `forbidden` (the
 * folder being moved) cannot be entered — its subfolders are no target either (the server answers folderLoop anyway).
 */
export function MoveDialog(props: {
  title: string;
  start: number | null;
  forbidden?: number;
  move: (target: number | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation("content");
  const problemMessage = useProblemMessage();
  const [current, setCurrent] = useState<number | null>(props.start);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const folders = useQuery(subfoldersQuery(current));
  const detail = useQuery({ ...folderQuery(current ?? 0), enabled: current !== null });
  const path = current === null ? [] : (detail.data?.path ?? []);
  const move = async () => {
    setBusy(true);
    try {
      await props.move(current);
      props.onClose();
    } catch (e) {
      setError(problemMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <Stack>
        <nav aria-label={t("breadcrumbs")}>
          <Breadcrumbs separatorMargin={4}>
            <Anchor component="button" type="button" onClick={() => setCurrent(null)}>
              {t("root")}
            </Anchor>
            {path.map((step) => (
              <Anchor component="button" type="button" key={step.id} onClick={() => setCurrent(step.id)}>
                {step.folderName}
              </Anchor>
            ))}
          </Breadcrumbs>
        </nav>
        {folders.isPending ? (
          <Loader size="sm" />
        ) : (
          <Stack gap={0} role="list" aria-label={t("folders.title")}>
            {(folders.data ?? []).map((f: TFolder) => (
              <NavLink
                role="listitem"
                key={f.id}
                label={f.folderName}
                disabled={f.id === props.forbidden}
                onClick={() => setCurrent(f.id)}
              />
            ))}
            {(folders.data ?? []).length === 0 && (
              <Text size="sm" c="dimmed">
                {t("folders.empty")}
              </Text>
            )}
          </Stack>
        )}
        <Text size="sm">
          {t("dialog.target", { path: [t("root"), ...path.map((p) => p.folderName)].join(" / ") })}
        </Text>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t("action.cancel")}
          </Button>
          <Button onClick={move} loading={busy} disabled={current === props.forbidden}>
            {t("dialog.moveHere")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
