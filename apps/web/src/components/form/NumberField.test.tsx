import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../test/komponententest.ts";
import { MoneyInput } from "./MoneyInput.tsx";
import { PercentInput } from "./PercentInput.tsx";

beforeAll(() => initTestI18n(["common"]));

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage("de"));
});

/** A money field in a form: what the form holds is shown beside it. */
function Betrag({ start = "", maxDecimals }: { start?: number | string; maxDecimals?: 2 | 4 }) {
  const [value, setValue] = useState<number | string>(start);
  return (
    <MantineProvider>
      <MoneyInput label="Preis" value={value} onChange={setValue} min={0} maxDecimals={maxDecimals} />
      <output data-testid="wert">{JSON.stringify(value)}</output>
    </MantineProvider>
  );
}

const feld = (label = "Preis") => screen.getByLabelText(label) as HTMLInputElement;
const wert = () => JSON.parse(screen.getByTestId("wert").textContent ?? "null") as unknown;
const tippen = (text: string, label = "Preis") => fireEvent.change(feld(label), { target: { value: text } });
const ungueltig = (label = "Preis") => feld(label).getAttribute("aria-invalid") === "true";

describe("the number input (MoneyInput)", () => {
  it("typing 1.234,56 gives 1234.56 and shows 1.234,56 after leaving the field", () => {
    render(<Betrag />);
    fireEvent.focus(feld());
    tippen("1.234,56");
    expect(wert()).toBe(1234.56);
    expect(ungueltig()).toBe(false);
    fireEvent.blur(feld());
    expect(feld().value).toBe("1.234,56");
  });

  it.each([
    ["1234,56", 1234.56],
    ["1 234,56", 1234.56],
    ["€ 1.234,56", 1234.56],
    ["1.234,56 €", 1234.56],
    ["0,5", 0.5],
    [",5", 0.5],
  ])("%j gives %d", (text, value) => {
    render(<Betrag />);
    fireEvent.focus(feld());
    tippen(text);
    expect(wert()).toBe(value);
  });

  it("typing 12a shows an error at once, keeps 12a, and hands the text (not a number) to the form", () => {
    render(<Betrag />);
    fireEvent.focus(feld());
    tippen("12a");
    expect(ungueltig()).toBe(true);
    expect(screen.getByText("Keine gültige Zahl – bitte z. B. 1.234,56 eingeben.")).toBeTruthy();
    expect(feld().value).toBe("12a");
    expect(wert()).toBe("12a");
    fireEvent.blur(feld());
    expect(feld().value).toBe("12a");
    expect(ungueltig()).toBe(true);
  });

  it("never rounds: a third decimal is an error at the field", () => {
    render(<Betrag />);
    fireEvent.focus(feld());
    tippen("1,234");
    expect(wert()).toBe("1,234");
    expect(screen.getByText("Höchstens 2 Nachkommastellen – es wird nicht gerundet.")).toBeTruthy();
  });

  it("unit prices take four decimals and show them", () => {
    render(<Betrag maxDecimals={4} />);
    fireEvent.focus(feld());
    tippen("1,2345");
    expect(wert()).toBe(1.2345);
    fireEvent.blur(feld());
    expect(feld().value).toBe("1,2345");
  });

  it("1.5 in German is judged when the field is left (the dot separates thousands)", () => {
    render(<Betrag />);
    fireEvent.focus(feld());
    tippen("1.5");
    expect(ungueltig()).toBe(false);
    expect(wert()).toBe("1.5");
    fireEvent.blur(feld());
    expect(ungueltig()).toBe(true);
    expect(screen.getByText(/Der Punkt trennt Tausender/)).toBeTruthy();
  });

  it("below the minimum is an error, not a clamp", () => {
    render(<Betrag />);
    fireEvent.focus(feld());
    tippen("-5");
    expect(wert()).toBe("-5");
    expect(screen.getByText("Der Wert muss mindestens 0,00 betragen.")).toBeTruthy();
  });

  it("shows a stored value formatted and empties to an empty value", () => {
    render(<Betrag start={1234.5} />);
    expect(feld().value).toBe("1.234,50");
    fireEvent.focus(feld());
    tippen("");
    expect(wert()).toBe("");
    expect(ungueltig()).toBe(false);
  });

  it("in English: 1,234.56 gives 1234.56, shown with the euro sign before", async () => {
    await act(() => i18next.changeLanguage("en"));
    render(<Betrag start={5} />);
    expect(feld().value).toBe("5.00");
    fireEvent.focus(feld());
    tippen("€1,234.56");
    expect(wert()).toBe(1234.56);
    fireEvent.blur(feld());
    expect(feld().value).toBe("1,234.56");
    fireEvent.focus(feld());
    tippen("1,5");
    fireEvent.blur(feld());
    expect(screen.getByText(/The comma separates thousands/)).toBeTruthy();
  });
});

describe("PercentInput", () => {
  function Rabatt() {
    const [value, setValue] = useState<number | string>("");
    return (
      <MantineProvider>
        <PercentInput label="Rabatt" value={value} onChange={setValue} />
        <output data-testid="wert">{JSON.stringify(value)}</output>
      </MantineProvider>
    );
  }

  it("reads 12,5 % and refuses more than 100", () => {
    render(<Rabatt />);
    fireEvent.focus(feld("Rabatt"));
    tippen("12,5 %", "Rabatt");
    expect(wert()).toBe(12.5);
    tippen("120", "Rabatt");
    expect(wert()).toBe("120");
    expect(ungueltig("Rabatt")).toBe(true);
  });
});
