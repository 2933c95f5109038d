import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** Kontor's petrol blue, built around #175276 (the spec's default project colour). */
const petrol: MantineColorsTuple = [
  "#e9f3f8",
  "#d5e5ee",
  "#a7c9dc",
  "#77accb",
  "#4f93bc",
  "#3583b3",
  "#257aaf",
  "#17689a",
  "#175276",
  "#0b4363",
];

export const theme = createTheme({
  primaryColor: "petrol",
  primaryShade: { light: 7, dark: 5 },
  colors: { petrol },
  defaultRadius: "sm",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif",
  headings: { fontWeight: "600" },
  cursorType: "pointer",
});
