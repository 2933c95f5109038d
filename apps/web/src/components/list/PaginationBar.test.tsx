import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../test/komponententest.ts";
import { PaginationBar, type PaginationBarProps } from "./PaginationBar.tsx";

beforeAll(() => initTestI18n(["crud"], "de", "crud"));

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage("de"));
});

function renderBar(props: Partial<PaginationBarProps>) {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <PaginationBar page={1} pages={1} totalCount={null} onChange={onChange} {...props} />
    </MantineProvider>,
  );
  const nav = () => screen.getByRole("navigation", { name: i18next.t("crud:pagination.label") });
  return { onChange, nav };
}

const button = (container: HTMLElement, name: string) =>
  within(container).queryByRole("button", { name }) as HTMLButtonElement | null;

describe("pagination bar", () => {
  it("an exact total: page of pages, the count in the language's format, first/last", () => {
    const { nav, onChange } = renderBar({ page: 2, pages: 62, totalCount: 1234 });
    expect(screen.getByText("Seite 2 von 62 · 1.234 Einträge")).toBeTruthy();
    expect(button(nav(), "Letzte Seite")).not.toBeNull();
    expect(button(nav(), "Seite 62")).not.toBeNull();
    fireEvent.click(button(nav(), "Letzte Seite")!);
    expect(onChange).toHaveBeenCalledWith(62);
  });

  it("one entry, and no bar without a second page", () => {
    renderBar({ totalCount: 1 });
    expect(screen.getByText("Seite 1 von 1 · 1 Eintrag")).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("a capped total: 'more than', no page count, no last page, the next page while there is one", () => {
    const { nav, onChange } = renderBar({ page: 500, pages: 501, totalCount: 10_000, totalCapped: true });
    expect(screen.getByText("Seite 500 · mehr als 10.000 Einträge")).toBeTruthy();
    expect(screen.queryByText(/von/)).toBeNull();
    expect(button(nav(), "Letzte Seite")).toBeNull();
    expect(button(nav(), "Erste Seite")).not.toBeNull();
    expect(button(nav(), "Seite 501")).not.toBeNull();
    expect(button(nav(), "Nächste Seite")!.disabled).toBe(false);
    fireEvent.click(button(nav(), "Nächste Seite")!);
    expect(onChange).toHaveBeenCalledWith(501);
  });

  it("a capped total on a page that is not full: nothing further", () => {
    const { nav } = renderBar({ page: 640, pages: 640, totalCount: 10_000, totalCapped: true });
    expect(screen.getByText("Seite 640 · mehr als 10.000 Einträge")).toBeTruthy();
    expect(button(nav(), "Nächste Seite")!.disabled).toBe(true);
    expect(button(nav(), "Vorherige Seite")!.disabled).toBe(false);
  });

  it("in English", async () => {
    await act(() => i18next.changeLanguage("en"));
    renderBar({ page: 3, pages: 4, totalCount: 10_000, totalCapped: true });
    expect(screen.getByText("Page 3 · more than 10,000 entries")).toBeTruthy();
    cleanup();
    renderBar({ page: 1, pages: 62, totalCount: 1234 });
    expect(screen.getByText("Page 1 of 62 · 1,234 entries")).toBeTruthy();
  });
});
