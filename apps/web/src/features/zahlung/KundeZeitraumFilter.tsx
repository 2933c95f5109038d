import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { Button, Group, Paper, TextInput } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { DateInput } from "../../components/form/DateInput.tsx";

const KundeSearchField = lazy(async () => ({
  default: (await import("../kunde/quick/KundeSearchField.tsx")).KundeSearchField,
}));

type Kunde = { id: number; anzeigename: string } | null;

const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** A day only when complete: a half-typed date keeps the last one. */
const datumOderAlt = (neu: string, alt: string) => (ISO.test(neu) || neu === "" ? neu : alt);

/**
 * The filter bar of the payment screens (open items, payments, report): customer (the customer search without quick
 * create), period von/bis, the screen's own controls (`children`) and, with `leer`, "reset filter".
 */
export function KundeZeitraumFilter<F extends { kunde: Kunde; von: string; bis: string }>({
  filter,
  setFilter,
  leer,
  children,
}: {
  filter: F;
  setFilter: (filter: F) => void;
  leer?: F;
  children?: ReactNode;
}) {
  const { t } = useTranslation("beleg", { keyPrefix: "zahlung.filter" });
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <div style={{ width: 280 }}>
          <Suspense fallback={<TextInput label={t("kunde")} disabled />}>
            <KundeSearchField
              label={t("kunde")}
              allowCreate={false}
              value={filter.kunde ? ({ ...filter.kunde } as TKundeZeile) : null}
              onChange={(kunde) =>
                setFilter({
                  ...filter,
                  kunde: kunde ? { id: kunde.id, anzeigename: kunde.anzeigename } : null,
                })
              }
            />
          </Suspense>
        </div>
        <DateInput
          label={t("von")}
          w={130}
          value={filter.von}
          onChange={(von) => setFilter({ ...filter, von: datumOderAlt(von, filter.von) })}
        />
        <DateInput
          label={t("bis")}
          w={130}
          value={filter.bis}
          onChange={(bis) => setFilter({ ...filter, bis: datumOderAlt(bis, filter.bis) })}
        />
        {children}
        {leer && (
          <Button variant="subtle" onClick={() => setFilter(leer)}>
            {t("zuruecksetzen")}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
