import { MantineProvider, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../app/api.ts";
import { initTestI18n } from "../../test/komponententest.ts";
import { FormActions } from "./FormActions.tsx";
import { showServerErrors, useSaveRules } from "./useSaveRules.ts";

beforeAll(() => initTestI18n(["common", "crud", "validation"]));
afterEach(cleanup);

type Values = { von: string; bis: string };
/** "bis" must be larger than "von": a rule between two inputs, found at "bis". */
const check = (values: Values): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (values.von === "") errors.von = "Von fehlt";
  if (values.bis === "") errors.bis = "Bis fehlt";
  else if (Number(values.bis) <= Number(values.von)) errors.bis = "Bis muss größer sein";
  return errors;
};

let fail: (error: unknown) => void = () => undefined;

function Harness() {
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { von: "", bis: "" },
    validate: check,
    validateInputOnBlur: true,
  });
  const rules = useSaveRules(form, check, { id: "test-fehlt" });
  fail = (error) => showServerErrors(form, error);
  return (
    <form>
      <TextInput label="Bis" {...form.getInputProps("bis")} />
      <TextInput label="Von" withAsterisk {...form.getInputProps("von")} />
      <FormActions dirty={form.isDirty()} pending={false} onReset={form.reset} missing={rules.missing} />
    </form>
  );
}

const show = () =>
  render(
    <MantineProvider env="test">
      <Harness />
    </MantineProvider>,
  );
const input = (label: string) => screen.getByRole("textbox", { name: label });
const save = () => screen.getByRole("button", { name: "Speichern" }) as HTMLButtonElement;

describe("useSaveRules", () => {
  it("names the inputs by their labels (no required mark), in the order they stand, and keeps Save off", () => {
    show();
    const hint = screen.getByText(/^Zum Speichern fehlt oder ist ungültig:/);
    expect(hint.textContent).toBe("Zum Speichern fehlt oder ist ungültig: Bis, Von");
    expect(save().disabled).toBe(true);
    expect(save().getAttribute("aria-describedby")).toBe("test-fehlt");
  });

  it("an input left before shows an error that leaving another one caused", () => {
    show();
    fireEvent.change(input("Bis"), { target: { value: "5" } });
    fireEvent.blur(input("Bis"));
    expect(screen.queryByText("Bis muss größer sein")).toBeNull();
    fireEvent.focus(input("Von"));
    fireEvent.change(input("Von"), { target: { value: "9" } });
    fireEvent.blur(input("Von"));
    expect(screen.getByText("Bis muss größer sein")).toBeTruthy();
    fireEvent.change(input("Bis"), { target: { value: "10" } });
    expect(screen.queryByText(/Zum Speichern fehlt/)).toBeNull();
    expect(save().disabled).toBe(false);
  });

  it("a server's field error stays at its input when another input is left", () => {
    show();
    fireEvent.change(input("Von"), { target: { value: "1" } });
    fireEvent.change(input("Bis"), { target: { value: "2" } });
    act(() =>
      fail(
        new ApiError({
          status: 400,
          code: "error.validation",
          fieldErrors: [{ field: "bis", code: "unique" }],
        }),
      ),
    );
    expect(screen.getByText("Dieser Wert ist bereits vergeben.")).toBeTruthy();
    fireEvent.blur(input("Von"));
    expect(screen.getByText("Dieser Wert ist bereits vergeben.")).toBeTruthy();
  });
});
