import type { ZTotpBarcode } from "@kontor/domain/account/account.schema";
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { accountKeys, disableTwoFactor, enableTwoFactor, fetchTotpBarcode } from "../account/account.api.ts";
import { problemFieldErrors } from "../account/formRules.ts";
import { CodeInput } from "./CodeInput.tsx";
import { CODE_PROBLEM_FIELDS, type CodeValues, groupSecret, validateCode } from "./twoFactor.form.ts";

type Barcode = z.infer<typeof ZTotpBarcode>;

/**
 * The two-factor part of the settings (SPEC §4 Two-factor): off -> "Zwei-Faktor aktivieren" shows the QR code and
 * the secret for manual entry, the first valid code switches it on; on -> a current code switches it off.
 */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("account");
  return (
    <Stack gap="sm">
      <Group gap="sm" align="center">
        <Title order={3} size="h5">
          {t("twoFactor.title")}
        </Title>
        <Badge
          color={enabled ? "green" : "gray"}
          variant="light"
          aria-label={`${t("twoFactor.status")}: ${enabled ? t("twoFactor.on") : t("twoFactor.off")}`}
        >
          {enabled ? t("twoFactor.on") : t("twoFactor.off")}
        </Badge>
      </Group>
      {enabled ? <Deactivate /> : <Activate />}
    </Stack>
  );
}

function useCodeForm() {
  return useForm<CodeValues>({ initialValues: { validationCode: "" }, validate: validateCode });
}

function Activate() {
  const { t } = useTranslation("account");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const [barcode, setBarcode] = useState<Barcode | null>(null);
  const form = useCodeForm();

  const start = useMutation({
    mutationFn: fetchTotpBarcode,
    onSuccess: (loaded) => {
      form.reset();
      setBarcode(loaded);
    },
    onError: (error) => notifyFailure(t("twoFactor.barcodeFailed"), problemMessage(error)),
  });
  const confirm = useMutation({
    mutationFn: (values: CodeValues) => enableTwoFactor(values.validationCode.trim()),
    onSuccess: async () => {
      notifySuccess(t("twoFactor.activated"));
      setBarcode(null);
      await queryClient.invalidateQueries({ queryKey: accountKeys.current });
    },
    onError: (error) => {
      const atFields = problemFieldErrors(error, CODE_PROBLEM_FIELDS);
      form.setErrors(atFields);
      notifyFailure(t("twoFactor.activateFailed"), problemMessage(error));
    },
  });

  if (!barcode) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t("twoFactor.offText")}</Text>
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          {t("twoFactor.enable")}
        </Button>
      </Stack>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => confirm.mutate(values))(event);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack gap={6}>
            <Text fw={600}>{t("twoFactor.scanTitle")}</Text>
            <Text size="sm" c="dimmed">
              {t("twoFactor.scanText")}
            </Text>
            <Box bg="white" p={4} w="fit-content" style={{ border: "1px solid var(--mantine-color-gray-3)" }}>
              <Image
                src={`data:image/png;base64,${barcode.image}`}
                alt={t("twoFactor.qrAlt")}
                w={180}
                h={180}
                fit="contain"
              />
            </Box>
          </Stack>
          <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
            <Text fw={600} size="sm" id="totp-secret-label">
              {t("twoFactor.secret")}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Code
                fz="md"
                aria-labelledby="totp-secret-label"
                data-secret={barcode.secret}
                style={{ whiteSpace: "normal", lineHeight: 1.8 }}
              >
                {groupSecret(barcode.secret)}
              </Code>
              <CopyButton value={barcode.secret}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t("twoFactor.copied") : t("twoFactor.copy")} withArrow>
                    <ActionIcon
                      variant="subtle"
                      onClick={copy}
                      aria-label={t("twoFactor.copy")}
                      color={copied ? "green" : "gray"}
                    >
                      <svg
                        width={16}
                        height={16}
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth={2}
                        aria-hidden
                      >
                        <title>{t("twoFactor.copy")}</title>
                        <rect x="8" y="8" width="12" height="12" rx="2" />
                        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
                      </svg>
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <form noValidate onSubmit={submit}>
              <Stack gap="sm" mt="sm">
                <Text fw={600}>{t("twoFactor.confirmTitle")}</Text>
                <Text size="sm" c="dimmed">
                  {t("twoFactor.confirmText")}
                </Text>
                <CodeInput
                  maw={240}
                  value={form.getValues().validationCode}
                  error={form.errors.validationCode}
                  onChange={(value) => form.setFieldValue("validationCode", value)}
                />
                <Group gap="sm">
                  <Button type="submit" loading={confirm.isPending}>
                    {t("twoFactor.activate")}
                  </Button>
                  <Button variant="default" onClick={() => setBarcode(null)} disabled={confirm.isPending}>
                    {t("twoFactor.cancel")}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

function Deactivate() {
  const { t } = useTranslation("account");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const form = useCodeForm();
  const deactivate = useMutation({
    mutationFn: (values: CodeValues) => disableTwoFactor(values.validationCode.trim()),
    onSuccess: async () => {
      notifySuccess(t("twoFactor.deactivated"));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: accountKeys.current });
    },
    onError: (error) => {
      form.setErrors(problemFieldErrors(error, CODE_PROBLEM_FIELDS));
      notifyFailure(t("twoFactor.deactivateFailed"), problemMessage(error));
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => deactivate.mutate(values))}>
      <Stack gap="sm">
        <Text size="sm">{t("twoFactor.onText")}</Text>
        <Text size="sm" c="dimmed">
          {t("twoFactor.deactivateText")}
        </Text>
        <CodeInput
          maw={240}
          value={form.getValues().validationCode}
          error={form.errors.validationCode}
          onChange={(value) => form.setFieldValue("validationCode", value)}
        />
        <Button type="submit" color="red" variant="outline" w="fit-content" loading={deactivate.isPending}>
          {t("twoFactor.deactivate")}
        </Button>
      </Stack>
    </form>
  );
}
