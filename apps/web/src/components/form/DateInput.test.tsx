import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../test/komponententest.ts";
import { DateInput } from "./DateInput.tsx";

beforeAll(() => initTestI18n(["common"]));

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage("de"));
});

/** A date field in a form: what the form holds is shown beside it. */
function Feld({ start = "" }: { start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <MantineProvider>
      <DateInput label="Datum" value={value} onChange={setValue} />
      <output data-testid="wert">{JSON.stringify(value)}</output>
    </MantineProvider>
  );
}

const feld = () => screen.getByLabelText("Datum") as HTMLInputElement;
const wert = () => JSON.parse(screen.getByTestId("wert").textContent ?? "null") as unknown;
const tippen = (text: string) => fireEvent.change(feld(), { target: { value: text } });

describe("DateInput", () => {
  it("reads 24.12.2026 and 1.2.2026 as ISO dates and shows them as DD.MM.YYYY after leaving", () => {
    render(<Feld />);
    fireEvent.focus(feld());
    tippen("24.12.2026");
    expect(wert()).toBe("2026-12-24");
    tippen("1.2.2026");
    expect(wert()).toBe("2026-02-01");
    fireEvent.blur(feld());
    expect(feld().value).toBe("01.02.2026");
    expect(feld().getAttribute("aria-invalid")).not.toBe("true");
  });

  it("refuses 31.02.2026 at the field as soon as it is typed, text kept", () => {
    render(<Feld />);
    fireEvent.focus(feld());
    tippen("31.02.2026");
    expect(screen.getByText("Den 31.02.2026 gibt es nicht.")).toBeTruthy();
    expect(feld().value).toBe("31.02.2026");
    expect(wert()).toBe("31.02.2026");
    fireEvent.blur(feld());
    expect(feld().value).toBe("31.02.2026");
    expect(feld().getAttribute("aria-invalid")).toBe("true");
  });

  it("judges an incomplete date when the field is left, not while typing", () => {
    render(<Feld />);
    fireEvent.focus(feld());
    tippen("31.02.");
    expect(feld().getAttribute("aria-invalid")).not.toBe("true");
    fireEvent.blur(feld());
    expect(screen.getByText("Kein gültiges Datum – bitte TT.MM.JJJJ eingeben.")).toBeTruthy();
    expect(feld().value).toBe("31.02.");
  });

  it("empties to an empty value", () => {
    render(<Feld start="2026-12-24" />);
    expect(feld().value).toBe("24.12.2026");
    fireEvent.focus(feld());
    tippen("");
    expect(wert()).toBe("");
  });

  it("in English: DD/MM/YYYY shown, placeholder and message in English, the German way read too", async () => {
    await act(() => i18next.changeLanguage("en"));
    render(<Feld start="2026-12-24" />);
    expect(feld().value).toBe("24/12/2026");
    expect(feld().placeholder).toBe("DD/MM/YYYY");
    fireEvent.focus(feld());
    tippen("1/2/2026");
    expect(wert()).toBe("2026-02-01");
    tippen("24.12.2026");
    expect(wert()).toBe("2026-12-24");
    tippen("31/02/2026");
    expect(screen.getByText("There is no 31/02/2026.")).toBeTruthy();
  });
});
