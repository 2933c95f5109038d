import type { TRksvRegistrierung } from "@kontor/domain/rksv/rksv.schema";
import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Two overlapping sheets: copy. */
function IconCopy() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

function IconCheck() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

/** A copy button for one value, named after the field it copies. */
function Kopieren({ wert, feld }: { wert: string; feld: string }) {
  const { t } = useTranslation("rksv");
  return (
    <CopyButton value={wert} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip
          label={copied ? t("registrierung.kopiert") : t("registrierung.kopieren", { feld })}
          withArrow
        >
          <ActionIcon
            variant="subtle"
            color={copied ? "teal" : "gray"}
            onClick={copy}
            aria-label={t("registrierung.kopieren", { feld })}
          >
            {copied ? <IconCheck /> : <IconCopy />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

const FELDER = [
  "kassenId",
  "aesSchluessel",
  "pruefwert",
  "zda",
  "zertifikatSeriennummer",
  "oeffentlicherSchluessel",
  "zertifikat",
] as const satisfies readonly (keyof TRksvRegistrierung)[];

/** Long base64 values (key, certificate) are shown in a box that scrolls, the short ones on one line. */
const LANG: ReadonlySet<string> = new Set(["oeffentlicherSchluessel", "zertifikat"]);

/**
 * What FinanzOnline asks for when the register and its signature creation device are registered: cash register
 * id, AES key (with its check value), ZDA, certificate serial, public key and certificate — each with a copy button,
 * and the hint what to do with them.
 */
export function RksvRegistrierung({ daten }: { daten: TRksvRegistrierung }) {
  const { t } = useTranslation("rksv");
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light">
        {t("registrierung.hinweis")}
      </Alert>
      <Table
        layout="fixed"
        verticalSpacing={6}
        aria-label={t("registrierung.titel")}
        data-testid="rksv-registrierung"
      >
        <Table.Tbody>
          {FELDER.map((feld) => {
            const label = t(`registrierung.${feld}`);
            return (
              <Table.Tr key={feld}>
                <Table.Th w={200} scope="row" style={{ verticalAlign: "top" }}>
                  {label}
                </Table.Th>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    {LANG.has(feld) ? (
                      <Code
                        block
                        style={{
                          flex: 1,
                          maxHeight: 96,
                          overflow: "auto",
                          whiteSpace: "pre-wrap",
                          wordBreak: "break-all",
                        }}
                        aria-label={label}
                      >
                        {daten[feld]}
                      </Code>
                    ) : (
                      <Text
                        ff="monospace"
                        size="sm"
                        style={{ flex: 1, wordBreak: "break-all" }}
                        data-testid={`rksv-${feld}`}
                      >
                        {daten[feld]}
                      </Text>
                    )}
                    <Kopieren wert={daten[feld]} feld={label} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
