import { EINLADUNG_TTL_DAYS } from "@kontor/domain/einladung/einladung.schema";
import type { TMandantUser } from "@kontor/domain/mandant/mandant.schema";
import { ActionIcon, Select, Stack, Table, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";
import { IconTrash } from "../../components/icons.tsx";
import { MandantEinladungen } from "./MandantEinladungen.tsx";
import { userSearchQuery } from "./mandant.api.ts";
import { userName } from "./mandant.form.ts";
import type { MandantForm } from "./useMandantForm.ts";

/**
 * The tenant's members (section "benutzer"): a search over the users to add one (a tenant admin finds the users of
 * their own tenants only), the table of members, and — on a saved tenant — inviting anyone else by e-mail with the
 * pending invitations (issue 13). Loaded on its own (see MandantFormFields): the table, the debounced search and the
 * invitations are not needed for the first paint.
 */
/** The default export for React.lazy. */
export default function MandantBenutzerFields({ form }: { form: MandantForm }) {
  const { t } = useTranslation("mandant");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useQuery(userSearchQuery(debounced));
  const members = form.values.userLists;
  const memberIds = new Set(members.map((user) => user.id));
  const candidates = (found.data ?? []).filter((user) => !memberIds.has(user.id));
  const mandantId = form.values.id;
  /**
   * A 400 at userLists.N.id: a tenant admin attached someone who is no member of their tenants (the server wants
   * an invitation then). Its generic code reads better as the reason.
   */
  const memberError = (index: number): string | null => {
    const error = form.errors[`userLists.${index}.id`];
    if (error === undefined || error === null || error === false) return null;
    return error === fieldErrorMessage("invalid") ? t("benutzer.notInYourTenants") : String(error);
  };

  const add = (id: string | null) => {
    const user = candidates.find((candidate) => String(candidate.id) === id);
    if (!user) return;
    form.insertListItem("userLists", user satisfies TMandantUser);
    setSearch("");
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {mandantId === undefined
          ? t("einladung.afterSave")
          : t("einladung.hint", { days: EINLADUNG_TTL_DAYS })}
      </Text>
      <Select
        label={t("benutzer.search")}
        placeholder={t("benutzer.placeholder")}
        searchable
        clearable
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={add}
        data={candidates.map((user) => ({ value: String(user.id), label: userName(user) }))}
        // The server searches; the list shows what it answered.
        filter={({ options }) => options}
        nothingFoundMessage={debounced !== "" && !found.isFetching ? t("benutzer.noResults") : undefined}
        rightSection={found.isFetching ? <span aria-hidden>…</span> : undefined}
        maw={480}
      />
      {members.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("benutzer.none")}
        </Text>
      ) : (
        <Table withTableBorder striped verticalSpacing={6} maw={720} aria-label={t("section.benutzer")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("benutzer.name")}</Table.Th>
              <Table.Th>{t("benutzer.login")}</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((user, index) => {
              const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || "–";
              const error = memberError(index);
              return (
                <Table.Tr key={user.id} bg={error ? "var(--mantine-color-red-light)" : undefined}>
                  <Table.Td>
                    {name}
                    {error && (
                      <Text size="xs" c="red" role="alert">
                        {error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{user.login}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("benutzer.remove", { name: userName(user) })}
                      onClick={() => form.removeListItem("userLists", index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {mandantId !== undefined && <MandantEinladungen mandantId={mandantId} />}
    </Stack>
  );
}
