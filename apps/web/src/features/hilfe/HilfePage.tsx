import { Anchor, Group, Kbd, List, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { HILFE, type HilfeBereich, hilfeSeite } from "./hilfe.rules.ts";

/**
 * The entries of a text object in file order (lists are objects in the catalogue: arrays make i18next's key types
 * too deep for TypeScript); an object without entries — or a missing one — is no entry.
 */
function werte<T>(value: unknown): T[] {
  return typeof value === "object" && value !== null ? (Object.values(value) as T[]) : [];
}

/** The help page's anchor of an area (table of contents → section). */
const anchor = (id: string) => `hilfe-${id}`;

/**
 * /hilfe (the sidebar's "show instructions", SPEC §2 Shell; issue 21): what each area is for, its screens (links to
 * those the user may open) and its main tasks, grouped like the menu; then the keys that work in forms, lists
 * and dialogs.
 */
export function HilfePage() {
  const { t } = useTranslation("hilfe");
  const tasten = werte<{ taste: string; wirkung: string }>(t("tasten.liste", { returnObjects: true }));

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{t("title")}</Title>
      <Text>{t("intro")}</Text>

      <Paper withBorder radius="md" p="md" component="nav" aria-label={t("inhalt")}>
        <Text fw={600} mb="xs">
          {t("inhalt")}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={4}>
          {HILFE.flatMap((gruppe) => gruppe.bereiche).map((bereich) => (
            <JumpLink key={bereich.id} id={bereich.id} label={t(`bereiche.${bereich.id}.titel`)} />
          ))}
          <JumpLink id="tasten" label={t("tasten.titel")} />
        </SimpleGrid>
      </Paper>

      {HILFE.map((gruppe) => (
        <Stack key={gruppe.id} gap="sm" component="section" aria-label={t(`gruppen.${gruppe.id}`)}>
          {/* A group of one area: its card's title is the group's. */}
          {gruppe.bereiche.length > 1 && <Title order={2}>{t(`gruppen.${gruppe.id}`)}</Title>}
          {gruppe.bereiche.map((bereich) => (
            <BereichCard key={bereich.id} bereich={bereich} level={gruppe.bereiche.length > 1 ? 3 : 2} />
          ))}
        </Stack>
      ))}

      <Stack gap="sm" component="section" id={anchor("tasten")} aria-labelledby={`${anchor("tasten")}-title`}>
        <Title order={2} id={`${anchor("tasten")}-title`}>
          {t("tasten.titel")}
        </Title>
        <Text>{t("tasten.intro")}</Text>
        <Paper withBorder radius="md" visibleFrom="sm">
          <Table verticalSpacing="xs" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="35%">{t("tasten.taste")}</Table.Th>
                <Table.Th>{t("tasten.wirkung")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasten.map((zeile) => (
                <Table.Tr key={`${zeile.taste}-${zeile.wirkung}`}>
                  <Table.Td>
                    <Keys text={zeile.taste} />
                  </Table.Td>
                  <Table.Td>{zeile.wirkung}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        {/* Phones: key above its effect, the full width for both. */}
        <Stack gap="xs" hiddenFrom="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {tasten.map((zeile) => (
            <Paper key={`${zeile.taste}-${zeile.wirkung}`} withBorder radius="md" p="sm" component="li">
              <Keys text={zeile.taste} />
              <Text size="sm" mt={4}>
                {zeile.wirkung}
              </Text>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}

function JumpLink({ id, label }: { id: string; label: string }) {
  return (
    <Anchor
      href={`#${anchor(id)}`}
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(anchor(id))?.scrollIntoView({ behavior: "smooth", block: "start" });
      }}
    >
      {label}
    </Anchor>
  );
}

function BereichCard({ bereich, level }: { bereich: HilfeBereich; level: 2 | 3 }) {
  const { t } = useTranslation(["hilfe", "menu", "shell"]);
  const access = useShellAccess();
  const login = access.account ? encodeURIComponent(access.account.login) : "";
  const schritte = werte<string>(t(`bereiche.${bereich.id}.schritte`, { returnObjects: true }));
  const seiten = bereich.entries.flatMap((id) => {
    const seite = hilfeSeite(id);
    return seite ? [seite] : [];
  });

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      id={anchor(bereich.id)}
      style={{ scrollMarginTop: 72 }}
      aria-labelledby={`${anchor(bereich.id)}-title`}
      component="article"
    >
      <Stack gap="xs">
        <Title order={level} id={`${anchor(bereich.id)}-title`}>
          {t(`bereiche.${bereich.id}.titel`)}
        </Title>
        <Text>{t(`bereiche.${bereich.id}.text`)}</Text>
        {seiten.length > 0 && (
          <Group gap={6} wrap="wrap" align="baseline">
            <Text size="sm" fw={600}>
              {t("seiten")}:
            </Text>
            {seiten.map((seite, index) => {
              const label = t(seite.label as never) as string;
              const open = access.can(seite.area);
              return (
                <Fragment key={seite.id}>
                  {index > 0 && (
                    <Text span size="sm" c="dimmed">
                      ·
                    </Text>
                  )}
                  {open ? (
                    <Anchor component={Link} to={seite.path.replace("{login}", login)} size="sm">
                      {label}
                    </Anchor>
                  ) : (
                    <Text span size="sm" c="dimmed" title={t("nichtFreigeschaltet")}>
                      {label} ({t("nichtFreigeschaltet")})
                    </Text>
                  )}
                </Fragment>
              );
            })}
          </Group>
        )}
        {schritte.length > 0 && (
          <>
            <Text size="sm" fw={600} mt={4}>
              {t("ablauf")}
            </Text>
            <List size="sm" spacing={4} type="ordered">
              {schritte.map((schritt) => (
                <List.Item key={schritt}>{schritt}</List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** "Ctrl+B / Ctrl+I" as keyboard keys: each key a Kbd, separators as text. */
function Keys({ text }: { text: string }) {
  const teile = text.split(/(\s*[/,]\s*|\+)/);
  return (
    <span>
      {teile.map((teil, index) =>
        /^\s*[/,+]\s*$/.test(teil) || teil === "" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Text span key={index} size="sm" c="dimmed" mx={2}>
            {teil.trim()}
          </Text>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Kbd key={index} size="sm">
            {teil}
          </Kbd>
        ),
      )}
    </span>
  );
}
