import { MantineProvider } from "@mantine/core";
import { useForm } from "@mantine/form";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../app/api.ts";
import { initTestI18n } from "../../test/komponententest.ts";
import { UidInput } from "./UidInput.tsx";
import { showServerErrors } from "./useSaveRules.ts";

beforeAll(() => initTestI18n(["common", "crud", "validation"]));
afterEach(cleanup);

let fail: (error: unknown) => void = () => undefined;

function Harness({ uid }: { uid: string }) {
  const form = useForm({ mode: "controlled", initialValues: { uid } });
  fail = (error) => showServerErrors(form, error);
  return <UidInput form={form} label="UID-Nummer" />;
}

const show = (uid: string) =>
  render(
    <MantineProvider env="test">
      <Harness uid={uid} />
    </MantineProvider>,
  );

const problem = (code: string) =>
  new ApiError({ status: 400, code: "error.validation", fieldErrors: [{ field: "uid", code }] });

describe("UidInput", () => {
  it("names a valid VAT id's country, and shows a valid example", () => {
    show("ATU12345675");
    expect(screen.getByText("Gültige UID (AT)")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "UID-Nummer" }).getAttribute("placeholder")).toBe(
      "ATU12345675",
    );
  });

  it("the specific reason once the input is left, and none before", () => {
    show("ATU12345678");
    const input = screen.getByRole("textbox", { name: "UID-Nummer" });
    expect(screen.queryByText("Die Prüfziffer der UID stimmt nicht.")).toBeNull();
    expect(screen.getByText("Mit Länderkennzeichen, z. B. ATU12345675 oder DE136695976")).toBeTruthy();
    fireEvent.blur(input);
    expect(screen.getByText("Die Prüfziffer der UID stimmt nicht.")).toBeTruthy();
  });

  it.each([
    ["ATU12345678", "checksum", "Die Prüfziffer der UID stimmt nicht."],
    ["ATU1234567", "pattern", "Die UID hat nicht das Format ihres Landes."],
    ["XX12345", "invalid", "Unbekanntes Länderkennzeichen (z. B. AT, DE)."],
  ])("after a refused save (%s: %s) the same specific message, not the generic one", (uid, code, text) => {
    show(uid);
    act(() => fail(problem(code)));
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "UID-Nummer" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("a server error on a VAT id the check accepts stays the server's", () => {
    show("ATU12345675");
    act(() => fail(problem("unique")));
    expect(screen.getByText("Dieser Wert ist bereits vergeben.")).toBeTruthy();
  });
});
