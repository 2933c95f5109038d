import { notificationsStore } from "@mantine/notifications";
import { act } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { notifyFailure, notifySuccess } from "./notify.ts";

afterEach(() => {
  act(() => notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] }));
});

/** The toasts in the store (shown or queued), by colour and text. */
const toasts = () =>
  [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map((n) =>
    `${n.color}: ${String(n.title ?? "")} ${String(n.message)}`.replace(/\s+/g, " "),
  );

describe("toasts", () => {
  it("a success closes the failure toasts still shown or queued, and only those", () => {
    act(() => {
      for (let i = 0; i < 6; i++) notifyFailure("Speichern fehlgeschlagen!", `Grund ${i}`);
      notifySuccess("Gelöscht");
    });
    expect(toasts()).toEqual(["green: Gelöscht"]);
    act(() => {
      notifySuccess("Gespeichert");
      notifyFailure("Löschen fehlgeschlagen!");
    });
    expect(toasts()).toEqual(["green: Gelöscht", "green: Gespeichert", "red: Löschen fehlgeschlagen!"]);
  });
});
