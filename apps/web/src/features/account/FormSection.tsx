import { Fieldset, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled group of fields on the account and administration screens. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset
      legend={
        <Title order={2} size="h4" component="span">
          {title}
        </Title>
      }
      radius="md"
      variant="default"
      styles={{ legend: { paddingInline: 6 } }}
    >
      {children}
    </Fieldset>
  );
}
