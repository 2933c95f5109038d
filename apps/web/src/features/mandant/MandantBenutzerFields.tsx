import type { TMandantUser } from "@kontor/domain/mandant/mandant.schema";
import { ActionIcon, Select, Stack, Table, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconTrash } from "../../components/icons.tsx";
import { userSearchQuery } from "./mandant.api.ts";
import { userName } from "./mandant.form.ts";
import type { MandantForm } from "./useMandantForm.ts";

/**
 * The tenant's members (section "benutzer"): a search over the users to add one, and the table of members.
 * Loaded on its own (see MandantFormFields): the table and the debounced search are not needed for the first paint.
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

  const add = (id: string | null) => {
    const user = candidates.find((candidate) => String(candidate.id) === id);
    if (!user) return;
    form.insertListItem("userLists", user satisfies TMandantUser);
    setSearch("");
  };

  return (
    <Stack gap="sm">
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
              return (
                <Table.Tr key={user.id}>
                  <Table.Td>{name}</Table.Td>
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
    </Stack>
  );
}
