import type { TEingangStatus } from "@kontor/domain/erechnung/eingang.codes";
import { Anchor, Badge, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { EntityList } from "../../components/list/EntityList.tsx";
import type { ListColumn, ListDefinition } from "../../components/list/listTypes.ts";
import type { ListSearch } from "../../components/list/listValues.ts";
import { EingangUpload } from "./EingangUpload.tsx";
import {
  type EingangZeile,
  eingangKeys,
  eingangPfad,
  listEingang,
  loeschen,
} from "./eingangsrechnung.api.ts";
import { betragText, datum } from "./eingangsrechnung.format.ts";

const FILTER_KEY = "kontor.tenant.eingangsrechnung.status";

/** The status filter, kept for the visit (a tenant switch clears keys starting with kontor.tenant.). */
function gemerkt(): TEingangStatus | null {
  const wert = globalThis.sessionStorage?.getItem(FILTER_KEY);
  return wert === "entwurf" || wert === "geprueft" ? wert : null;
}

export function StatusBadge({ status }: { status: TEingangStatus }) {
  const { t } = useTranslation("eingangsrechnung");
  return (
    <Badge color={status === "geprueft" ? "green" : "gray"} variant="light" tt="none">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * /eingangsrechnung_list/ (issue 19): the incoming e-invoices — the upload area (XML and PDF, several at once, each
 * with its own result) and the generic list table (supplier, number, date, due, gross, format, status; the newest
 * first), filtered by status; drafts can be deleted from the list after a confirmation.
 */
export function EingangsrechnungList() {
  const bearbeiten = useShellAccess().can("belegListCreate");
  const { t } = useTranslation("eingangsrechnung");
  const navigate = useNavigate();
  const [status, setStatusState] = useState<TEingangStatus | null>(gemerkt);

  const setStatus = (neu: TEingangStatus | null) => {
    try {
      if (neu) globalThis.sessionStorage?.setItem(FILTER_KEY, neu);
      else globalThis.sessionStorage?.removeItem(FILTER_KEY);
    } catch {
      // not remembered
    }
    setStatusState(neu);
    void navigate({
      to: ".",
      search: ((s: ListSearch) => ({ ...s, page: undefined })) as never,
      replace: true,
    });
  };

  const columns = useMemo(
    (): ListColumn<EingangZeile>[] => [
      {
        field: "lieferantName",
        title: t("spalte.lieferant"),
        sortable: false,
        render: (row) => row.lieferant.anzeigename,
      },
      {
        field: "nummer",
        title: t("spalte.nummer"),
        render: (row) => (
          <Stack gap={2} align="flex-start">
            <Anchor component={Link} to={eingangPfad(row.id)} size="sm">
              {row.nummer}
            </Anchor>
            {row.art !== "380" && (
              <Badge size="xs" variant="outline" color="orange" tt="none">
                {t(`art.${row.art}`)}
              </Badge>
            )}
          </Stack>
        ),
      },
      { field: "datum", title: t("spalte.datum"), width: 105, render: (row) => datum(row.datum) },
      { field: "faelligAm", title: t("spalte.faellig"), width: 105, render: (row) => datum(row.faelligAm) },
      {
        field: "brutto",
        title: t("spalte.brutto"),
        textAlign: "right",
        width: 130,
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>
            {betragText(row.brutto, row.waehrung)}
          </Text>
        ),
      },
      { field: "format", title: t("spalte.format") },
      {
        field: "status",
        title: t("spalte.status"),
        width: 110,
        render: (row) => <StatusBadge status={row.status} />,
      },
    ],
    [t],
  );

  const definition: ListDefinition<EingangZeile> = {
    queryKey: [...eingangKeys.liste(), status],
    list: (query, signal) => listEingang(query, status, signal),
    columns,
    defaultSort: { field: "datum", direction: "desc" },
    label: (row) => t("list.name", { nummer: row.nummer }),
    remove: loeschen,
    // Importing, checking and deleting need ROLE_USER (area belegListCreate); warehouse roles only read.
    removable: (row) => bearbeiten && row.status === "entwurf",
    invalidates: [eingangKeys.all],
  };

  return (
    <Stack gap="md">
      <Title order={1}>{t("list.title")}</Title>
      {bearbeiten && <EingangUpload />}
      <Group gap="sm" align="center">
        <Text size="sm" id="eingang-status-filter">
          {t("list.filter")}
        </Text>
        <SegmentedControl
          aria-labelledby="eingang-status-filter"
          value={status ?? "alle"}
          onChange={(wert) => setStatus(wert === "entwurf" || wert === "geprueft" ? wert : null)}
          data={[
            { value: "alle", label: t("list.alle") },
            { value: "entwurf", label: t("status.entwurf") },
            { value: "geprueft", label: t("status.geprueft") },
          ]}
        />
      </Group>
      <EntityList definition={definition} />
    </Stack>
  );
}
